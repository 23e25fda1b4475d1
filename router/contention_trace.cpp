#include "router/contention_trace.h"

#include <cctype>
#include <stdexcept>

namespace hiradix {

ContentionTrace::ContentionTrace(const std::string& path, const std::vector<PortSpec>& ports,
                                 const std::vector<std::string>& classes, Cycle from, Cycle to)
    : out_(path), from_(from), to_(to), values_(ports.size(), 0), written_(ports.size(), 0) {
  if (!out_) throw std::runtime_error(path + ": cannot open the contention trace for writing");
  out_ << "cycle";
  std::vector<int> index(classes.size(), 0);  // columns: the class's initial (T, L, G) and a number per class
  for (const PortSpec& p : ports)
    out_ << ',' << static_cast<char>(std::toupper(classes[p.link_class][0])) << index[p.link_class]++;
  out_ << '\n';
}

void ContentionTrace::changed(Cycle at, int port, int delta) {
  if (has_open_ && at != open_) {
    if (open_ >= from_ && open_ <= to_) {
      if (!wrote_ && open_ > from_) write_row(from_, written_);  // the values the window starts with
      write_row(open_, values_);
    }
    written_ = values_;
  }
  open_ = at;
  has_open_ = true;
  values_[static_cast<std::size_t>(port)] += delta;
}

void ContentionTrace::finish() {
  if (has_open_ && open_ >= from_ && open_ <= to_) {
    if (!wrote_ && open_ > from_) write_row(from_, written_);
    write_row(open_, values_);
    written_ = values_;
  }
  has_open_ = false;
  out_.flush();
}

void ContentionTrace::write_row(Cycle at, const std::vector<int>& values) {
  out_ << at;
  for (int v : values) out_ << ',' << v;
  out_ << '\n';
  wrote_ = true;
}

}  // namespace hiradix
