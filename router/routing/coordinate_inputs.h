// Per-dimension values packed as the routing unit's coordinate inputs take them (mesh_geometry_rtl.h,
// flattened_butterfly_geometry_rtl.h): rtl::COORD_W bits per dimension, dimension 0 lowest, for
// rtl::MESH_DIMS dimensions; a dimension the network lacks reads `absent` (0 for a coordinate, 1 for a size).
#pragma once
#include <cstdint>

#include "rtl_fields.h"

namespace hiradix {

template <class PerDimension>
std::int32_t pack_per_dimension(int dims, std::int32_t absent, PerDimension value) {
  std::int32_t packed = 0;
  for (int d = 0; d < rtl::MESH_DIMS; ++d) packed |= (d < dims ? value(d) : absent) << (d * rtl::COORD_W);
  return packed;
}

}  // namespace hiradix
