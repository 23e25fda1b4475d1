#include "tlm/ranks.h"

namespace hiradix {

namespace {
Ranks one_rank;
Ranks* current = &one_rank;
}  // namespace

Ranks& ranks() { return *current; }
void use_ranks(Ranks* r) { current = r ? r : &one_rank; }

}  // namespace hiradix
