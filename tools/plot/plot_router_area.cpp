// `hiradix plot --synth`: the router's area against its radix, one set of curves per VC configuration,
// from synth.json files that have a "router" object (synth/synth_router.h): the logic alone, the router
// with flip-flop buffers, and with SRAM buffers (an estimate).
#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "config/config.h"
#include "tools/plot/plot_figures.h"

namespace hiradix::plot {

using nlohmann::json;

namespace {

// "VCs 1/2/1" (and " x64/64/512" for other than the default depths): VCs and phits per VC of the injection, local and global ports, what tells two
// routers of the same radix apart.
std::string vc_label(const json& params) {
  const json& v = params["vcs"];
  std::string label = fmt::format("VCs {}/{}/{}", v["injection"].get<int>(), v["local"].get<int>(), v["global"].get<int>());
  if (params.contains("buffers")) {  // depths in the label (short: "x32/32/256") only where they are not the defaults
    const json& b = params["buffers"];
    const std::string depths = fmt::format("{}/{}/{}", b["injection"].get<int>(), b["local"].get<int>(), b["global"].get<int>());
    if (depths != "32/32/256") label += " x" + depths;
  }
  return label;
}

}  // namespace

Figure router_area_figure(const std::vector<std::string>& files) {
  // label -> radix -> {logic, flip-flop router, SRAM router} in mm^2
  std::map<std::string, std::map<int, std::array<double, 3>>> sets;
  for (const std::string& path : files) {
    std::ifstream in(path);
    json j;
    try {
      j = json::parse(in);
    } catch (const json::exception&) {
      continue;  // area_figure has already said what is wrong with it
    }
    if (!j.contains("router") || !j["router"].is_object()) continue;
    const json& r = j["router"];
    sets[vc_label(j["params"])][j["params"]["radix"].get<int>()] = {
        r["logic_um2"].get<double>() / 1e6, r["area_um2"]["flip_flop"].get<double>() / 1e6, r["area_um2"]["sram"].get<double>() / 1e6};
  }
  if (sets.empty()) return {};
  std::vector<Block> curves;
  double lo = INFINITY, hi = 0;
  const char* parts[] = {"logic", "+ FF buffers", "+ SRAM (est.)"};
  for (const auto& [label, by_radix] : sets)
    for (int k = 0; k < 3; ++k) {
      curves.push_back({label + ": " + parts[k], {}});
      for (const auto& [radix, a] : by_radix) {
        curves.back().rows.push_back({static_cast<double>(radix), a[k]});
        lo = std::min(lo, a[k]);
        hi = std::max(hi, a[k]);
      }
    }
  Grid g = grid(1, 1);
  g.panel_width = 640;
  g.top = 105;  // two title lines
  Figure f{"router_area_vs_radix", "", data_blocks(curves), g.width(), g.height()};
  std::string plot = "plot NaN notitle";
  // A colour per VC configuration, a point type per part (styles 1-10 are colours, 11-20 the same dashed).
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const std::size_t set = i / 3, part = i % 3;
    plot += fmt::format(", \\\n     'router_area_vs_radix.dat' index {} using 1:2 with linespoints ls {} dt {} pt {} title {}",
                        i, set % 10 + 1, part + 1, 5 + 2 * static_cast<int>(part), gq(curves[i].label));
  }
  f.body = g.begin("Router area vs radix (hiradix synth, cell area, no wiring)\nVCs of injection/local/global ports; buffers 32/32/256 phits per VC unless given") + log_axis("y", lo, hi) +
           "set xlabel 'Radix (ports per router)'\nset ylabel 'Area (mm²)'\nset offsets 0.5, 0.5, 0, 0\n" + g.key() + plot + "\n";
  return f;
}

}  // namespace hiradix::plot
