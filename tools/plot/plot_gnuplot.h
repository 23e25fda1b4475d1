// The gnuplot side of `hiradix plot`: a figure is NAME.dat (the data, one index block per curve) and
// NAME.gp (the script, rerunnable by hand in its directory), drawn to NAME.svg and NAME.png. Styles are
// shared by every figure, so a routing has the same colour everywhere.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace hiradix::plot {

std::string num(double v);            // "%.10g", NaN for a gap (gnuplot breaks a line there)
std::string gq(const std::string& s);  // a double-quoted gnuplot string

// One index block of NAME.dat: a comment naming it and rows of numbers.
struct Block {
  std::string label;
  std::vector<std::vector<double>> rows;
};
std::string data_blocks(const std::vector<Block>& blocks);

// Line style `style` (1-based): colour, filled point type; styles 11-20 repeat the colours dashed, 21-30
// dotted. hollow_point(style) is the open variant of its point (saturated points).
constexpr int kStyles = 30, kColours = 10;
int hollow_point(int style);

struct Figure {
  std::string name;  // empty: nothing to draw
  std::string body;  // gnuplot commands after the terminal is set
  std::string data;  // NAME.dat
  int width = 900, height = 600;  // pixels (PNG) / points (SVG)
};

// Writes NAME.dat and NAME.gp into `dir` and runs gnuplot there; throws with gnuplot's messages if it fails.
void draw(const Figure& figure, const std::filesystem::path& dir);

// A log axis that reads at a glance: tics at 1, 2, 5 x 10^k covering [lo, hi], and the range from the
// tic at or below lo to the one at or above hi. `axis` is "y" or "x".
std::string log_axis(const std::string& axis, double lo, double hi);

// Panels of equal size in rows x cols (gnuplot's multiplot with fixed margins, so panels that share an
// axis line up whatever their tic labels), with room on the right for one shared key.
struct Grid {
  int rows = 1, cols = 1;
  int panel_width = 580, panel_height = 420;
  int top = 105;  // pixels above the panels: a two-line title and the panels' titles; 80 for one line
  int right = 300;  // pixels right of the panels, for the key (fit_key widens it for long labels)
  // Widens the room for the key so that the longest of `labels` is not cut at the figure's edge.
  void fit_key(const std::vector<std::string>& labels);
  int width() const;
  int height() const;
  // `set multiplot layout ... margins ... spacing ... title TITLE`
  std::string begin(const std::string& title) const;
  // The shared key, right of the panels at the top; put before the plot command that lists the entries.
  std::string key() const;
};
Grid grid(int rows, int cols);  // panel size by the number of columns

}  // namespace hiradix::plot
