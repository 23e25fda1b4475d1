#include "tools/plot/plot_gnuplot.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace hiradix::plot {

namespace fs = std::filesystem;

namespace {

struct Style {
  const char* colour;
  int filled, hollow;  // gnuplot point types
};
// Colours of matplotlib's tab10, in the order the routings are usually listed (MIN, VAL, UGAL-L, PB, OLM,
// Base, Hybrid, ECtN, UGAL-G), so the figures keep the colours readers know from the older ones.
constexpr Style kPalette[kColours] = {{"#1f77b4", 7, 6},  {"#d62728", 5, 4},   {"#2ca02c", 9, 8},  {"#ff7f0e", 11, 10},
                                {"#9467bd", 13, 12}, {"#8c564b", 5, 4},   {"#e377c2", 7, 6},  {"#7f7f7f", 9, 8},
                                {"#bcbd22", 11, 10}, {"#17becf", 13, 12}};

std::string styles() {
  std::string s;
  for (int i = 1; i <= kStyles; ++i) {
    const Style& st = kPalette[(i - 1) % kColours];
    s += fmt::format("set style line {} lc rgb '{}' lw 2 pt {} ps 1.0{}\n", i, st.colour, st.filled, i > 20 ? " dt 3" : i > 10 ? " dt 2" : "");
  }
  return s;
}

}  // namespace

std::string num(double v) { return std::isfinite(v) ? fmt::format("{:.10g}", v) : "NaN"; }

// A newline becomes gnuplot's \n. The terminals are noenhanced, so the underscores of key names stay underscores (enhanced text would make
// them subscripts).
std::string gq(const std::string& s) {
  std::string q = "\"";
  for (char c : s) q += c == '\n' ? std::string("\\n") : c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}

std::string data_blocks(const std::vector<Block>& blocks) {
  std::ostringstream d;
  for (const Block& b : blocks) {
    d << "# " << b.label << "\n";
    for (const auto& row : b.rows) {
      for (std::size_t k = 0; k < row.size(); ++k) d << (k ? " " : "") << num(row[k]);
      d << "\n";
    }
    d << "\n\n";  // two blank lines end a gnuplot index block
  }
  return d.str();
}

int hollow_point(int style) { return kPalette[(style - 1) % 10].hollow; }

void draw(const Figure& f, const fs::path& dir) {
  std::ofstream(dir / (f.name + ".dat")) << f.data;
  std::ostringstream gp;
  gp << "# " << f.name << ": written by hiradix plot; run `gnuplot " << f.name << ".gp` in this directory.\n";
  // Each terminal starts from the same state (`reset`): settings the body changes for its last panel would
  // otherwise carry over into the next drawing.
  const std::string preamble = "reset\nset encoding utf8\nset grid back lc rgb '#dddddd'\nset border lw 1.2\n" + styles();
  const std::string svg = fmt::format("set terminal svg size {},{} dynamic noenhanced font 'sans,13' background rgb 'white'\n", f.width, f.height);
  const std::string png = fmt::format("set terminal pngcairo size {},{} noenhanced font 'sans,11' background rgb 'white'\n", f.width, f.height);
  for (const auto& [term, ext] : {std::pair{svg, "svg"}, std::pair{png, "png"}})
    gp << preamble << term << "set output " << gq(f.name + "." + ext) << "\n" << f.body << "\nunset multiplot\nunset output\n";
  std::ofstream(dir / (f.name + ".gp")) << gp.str();
  const std::string cmd = "cd '" + dir.string() + "' && gnuplot " + f.name + ".gp 2>" + f.name + ".log";
  if (std::system(cmd.c_str()) != 0) {
    std::ifstream log(dir / (f.name + ".log"));
    std::stringstream text;
    text << log.rdbuf();
    throw std::runtime_error("gnuplot failed on " + (dir / (f.name + ".gp")).string() + ": " + text.str());
  }
  fs::remove(dir / (f.name + ".log"));
}

std::string log_axis(const std::string& axis, double lo, double hi) {
  if (!(lo > 0) || !(hi >= lo)) lo = 1, hi = 10;
  // Within a decade or so every step a reader would mark (1, 1.5, 2, 3, 4, 5, 7); over more, 1-2-5.
  const std::vector<double> steps = hi / lo < 15 ? std::vector<double>{1, 1.5, 2, 3, 4, 5, 7} : std::vector<double>{1, 2, 5};
  double from = 0, to = 0;
  std::string tics;
  for (int e = static_cast<int>(std::floor(std::log10(lo))) - 1; e <= static_cast<int>(std::ceil(std::log10(hi))) + 1; ++e)
    for (double m : steps) {
      const double t = m * std::pow(10.0, e);
      if (t <= lo * (1 + 1e-9)) from = t;
      if (to == 0 && t >= hi * (1 - 1e-9)) to = t;
    }
  for (int e = static_cast<int>(std::floor(std::log10(from))); e <= static_cast<int>(std::ceil(std::log10(to))); ++e)
    for (double m : steps) {
      const double t = m * std::pow(10.0, e);
      if (t >= from * (1 - 1e-9) && t <= to * (1 + 1e-9)) tics += (tics.empty() ? "" : ", ") + num(t);
    }
  if (to <= from) to = from * 2;
  // The range a hair wider than the end tics, which gnuplot drops when rounding puts them just outside.
  return fmt::format("set logscale {0}\nset {0}range [{1}:{2}]\nset {0}tics ({3})\nset format {0} '%g'\nset m{0}tics 1\n", axis,
                     num(from * 0.999), num(to * 1.001), tics);
}

namespace {
// Pixels around the panels: left (y tic labels and label), right (the key), top (titles), bottom (x label),
// and between panels.
constexpr int kLeft = 85, kBottom = 60, kGapX = 30, kGapY = 75;
// A key entry: its sample line and gaps, then about this many pixels per character of the PNG's 11-point
// sans (measured on a cut label: 29 characters took 240 pixels).
constexpr int kKeySample = 75;
constexpr double kKeyCharPixels = 8.5;
}  // namespace

void Grid::fit_key(const std::vector<std::string>& labels) {
  std::size_t longest = 0;
  for (const std::string& l : labels) longest = std::max(longest, l.size());
  right = std::max(right, kKeySample + static_cast<int>(kKeyCharPixels * static_cast<double>(longest)));
}

int Grid::width() const { return kLeft + cols * panel_width + (cols - 1) * kGapX + right; }
int Grid::height() const { return top + rows * panel_height + (rows - 1) * kGapY + kBottom; }

std::string Grid::begin(const std::string& title) const {
  const double w = width(), h = height();
  return fmt::format("set multiplot layout {},{} margins {:.4f},{:.4f},{:.4f},{:.4f} spacing {:.4f},{:.4f} title {} font ',13'\n",
                     rows, cols, kLeft / w, 1 - right / w, kBottom / h, 1 - top / h, kGapX / w, kGapY / h, gq(title));
}

std::string Grid::key() const {
  const double w = width(), h = height();
  return fmt::format("set key at screen {:.4f}, screen {:.4f} left top Left reverse samplen 2.5 spacing 1.1 noopaque nobox\n",
                     1 - (right - 15) / w, 1 - top / h);
}

Grid grid(int rows, int cols) {
  Grid g;
  g.rows = rows;
  g.cols = cols;
  if (cols > 1) g.panel_width = 430, g.panel_height = 360;
  return g;
}

}  // namespace hiradix::plot
