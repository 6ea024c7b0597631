# Finds libpfm4 (Debian: libpfm4-dev), which ships no CMake package of its own.
# Defines PFM_FOUND, PFM_VERSION_STRING and the imported target PFM::libpfm.
include(FindPackageHandleStandardArgs)

find_library(PFM_LIBRARY NAMES pfm)
find_path(PFM_INCLUDE_DIR NAMES perfmon/pfmlib_perf_event.h)

find_package_handle_standard_args(PFM REQUIRED_VARS PFM_LIBRARY PFM_INCLUDE_DIR)

if(PFM_FOUND AND NOT TARGET PFM::libpfm)
  add_library(PFM::libpfm UNKNOWN IMPORTED)
  set_target_properties(PFM::libpfm PROPERTIES
    IMPORTED_LOCATION "${PFM_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${PFM_INCLUDE_DIR}")
endif()

mark_as_advanced(PFM_LIBRARY PFM_INCLUDE_DIR)
