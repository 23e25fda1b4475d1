#include "synth/fanout_repair.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace hiradix::synth_detail {
namespace {

std::string trim(const std::string& s) {
  const std::size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// A group header's kind and name: "cell (BUFX4)" -> {"cell", "BUFX4"}.
std::pair<std::string, std::string> group_of(const std::string& header) {
  const std::size_t open = header.find('('), close = header.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return {trim(header), ""};
  return {trim(header.substr(0, open)), trim(header.substr(open + 1, close - open - 1))};
}

// An attribute's value without quotes: `direction : output` -> "output".
std::string value_of(const std::string& statement) {
  std::string v = trim(statement.substr(statement.find(':') + 1));
  if (v.size() >= 2 && v.front() == '"') v = v.substr(1, v.size() - 2);
  return v;
}

}  // namespace

// Statements end at '{' (a group: `cell (NAME)`, `pin (NAME)`, `ff (...)`), ';' (an attribute: `area : 32`)
// or '}' (the group's end), wherever the lines break.
LibertyCells read_liberty_cells(const std::string& liberty_text) {
  LibertyCells lib;
  std::vector<std::pair<std::string, std::string>> open;  // the groups we are in
  std::string statement, cell, footprint;
  double area = 0;
  std::set<std::string> inputs;
  bool comment = false;
  for (std::size_t i = 0; i < liberty_text.size(); ++i) {
    const char ch = liberty_text[i];
    if (comment) {
      if (ch == '*' && i + 1 < liberty_text.size() && liberty_text[i + 1] == '/') comment = false, ++i;
      continue;
    }
    if (ch == '/' && i + 1 < liberty_text.size() && liberty_text[i + 1] == '*') {
      comment = true, ++i;
      continue;
    }
    if (ch != '{' && ch != ';' && ch != '}') {
      statement += ch;
      continue;
    }
    const std::string t = trim(statement);
    statement.clear();
    const std::string in = open.empty() ? "" : open.back().first;
    if (ch == '{') {
      open.push_back(group_of(t));
      if (open.back().first == "cell") cell = open.back().second, footprint.clear(), inputs.clear(), area = 0, lib.outputs[cell];
      if (!cell.empty() && (open.back().first == "ff" || open.back().first == "latch")) lib.flip_flops.insert(cell);
    } else if (ch == ';' && !cell.empty() && t.find(':') != std::string::npos) {
      const std::string key = trim(t.substr(0, t.find(':')));
      if (in == "cell" && key == "area") area = std::stod(value_of(t));
      if (in == "cell" && key == "cell_footprint") footprint = value_of(t);
      if (in == "pin" && key == "direction") (value_of(t) == "output" ? lib.outputs[cell] : inputs).insert(open.back().second);
    } else if (ch == '}' && !open.empty()) {
      // A buffer: footprint buf, one input, one output; clock buffers (CLK*) are for clock trees.
      if (open.back().first == "cell") {
        if (footprint == "buf" && inputs.size() == 1 && lib.outputs[cell].size() == 1 && cell.rfind("CLK", 0) != 0 &&
            area > lib.buffer_area) {
          lib.buffer = cell;
          lib.buffer_in = *inputs.begin();
          lib.buffer_out = *lib.outputs[cell].begin();
          lib.buffer_area = area;
        }
        cell.clear();
      }
      open.pop_back();
    }
  }
  return lib;
}

FanoutRepair repair_register_fanout(std::string& netlist, const LibertyCells& lib, int max_fanout) {
  std::vector<std::string> lines;
  {
    std::istringstream in(netlist);
    for (std::string l; std::getline(in, l);) lines.push_back(std::move(l));
  }
  // Cell instances: "  TYPE NAME (", then "    .PIN(NET)," lines, then "  );".
  struct PinRef {
    std::size_t line;
    std::string pin;
  };
  std::map<std::string, std::vector<PinRef>> sinks;  // net -> the input pins it feeds
  std::set<std::string> registered;                  // nets driven by a flip-flop
  std::string type;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (l.size() > 4 && l.compare(0, 2, "  ") == 0 && l[2] != ' ' && l.back() == '(') {
      type = l.substr(2, l.find(' ', 2) - 2);
    } else if (l.compare(0, 5, "    .") == 0 && !type.empty()) {
      const std::size_t open = l.find('('), close = l.rfind(')');
      const std::string pin = l.substr(5, open - 5), net = l.substr(open + 1, close - open - 1);
      const auto out = lib.outputs.find(type);
      if (out != lib.outputs.end() && out->second.count(pin)) {
        if (lib.flip_flops.count(type)) registered.insert(net);
      } else {
        sinks[net].push_back({i, pin});
      }
    } else if (l == "  );") {
      type.clear();
    }
  }
  FanoutRepair r;
  std::vector<std::string> wires, cells;
  auto reconnect = [&](const PinRef& p, const std::string& net) {
    const std::string& l = lines[p.line];
    lines[p.line] = "    ." + p.pin + "(" + net + ")" + (l.back() == ',' ? "," : "");
  };
  for (const std::string& net : registered) {
    auto it = sinks.find(net);
    if (it == sinks.end() || static_cast<int>(it->second.size()) <= max_fanout) continue;
    if (lib.buffer.empty()) throw std::runtime_error("fanout repair: the liberty has no buffer cell");
    r.worst_before = std::max(r.worst_before, static_cast<int>(it->second.size()));
    // Level by level: the sinks of this level in groups behind new buffers, whose inputs are the next
    // level's sinks, until one driver can take them all. A new buffer's input is a cell line written below.
    std::vector<PinRef> pins = it->second;
    std::vector<std::size_t> pending_buffers;
    while (static_cast<int>(pins.size() + pending_buffers.size()) > max_fanout) {
      const std::size_t n = pins.size() + pending_buffers.size();
      const std::size_t groups = (n + max_fanout - 1) / max_fanout, per = (n + groups - 1) / groups;
      std::vector<std::size_t> next;
      std::size_t k = 0;
      for (std::size_t g = 0; g < groups; ++g) {
        const std::string wire = "_fanout_" + std::to_string(wires.size()) + "_";
        wires.push_back(wire);
        for (std::size_t j = 0; j < per && k < n; ++j, ++k) {
          if (k < pins.size()) reconnect(pins[k], wire);
          else cells[pending_buffers[k - pins.size()]].replace(cells[pending_buffers[k - pins.size()]].find("@IN@"), 4, wire);
        }
        cells.push_back("  " + lib.buffer + " _fanout_buf_" + std::to_string(cells.size()) + "_ (\n    ." + lib.buffer_in +
                        "(@IN@),\n    ." + lib.buffer_out + "(" + wire + ")\n  );");
        next.push_back(cells.size() - 1);
        ++r.buffers;
      }
      pins.clear();
      pending_buffers = std::move(next);
    }
    for (const PinRef& p : pins) reconnect(p, net);
    for (const std::size_t b : pending_buffers) cells[b].replace(cells[b].find("@IN@"), 4, net);
  }
  r.area = r.buffers * lib.buffer_area;
  if (r.buffers == 0) return r;
  // The wires go after the module header (which ends with ");"), before any use; the buffers before
  // "endmodule".
  std::size_t header_end = 0;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind("module ", 0) == 0) {
      header_end = i;
      while (header_end + 1 < lines.size() && lines[header_end].find(");") == std::string::npos) ++header_end;
      break;
    }
  std::ostringstream out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] == "endmodule")
      for (const std::string& c : cells) out << c << "\n";
    out << lines[i] << "\n";
    if (i == header_end)
      for (const std::string& w : wires) out << "  wire " << w << ";\n";
  }
  netlist = out.str();
  return r;
}

}  // namespace hiradix::synth_detail
