# Finds libpfm4 (Debian: libpfm4-dev), which ships no CMake package of its own.
# Defines PFM_FOUND and the imported targets PFM::libpfm and PFM::libpfm_static.
include(FindPackageHandleStandardArgs)

find_library(PFM_LIBRARY NAMES pfm)
find_library(PFM_STATIC_LIBRARY NAMES libpfm.a)
find_path(PFM_INCLUDE_DIR NAMES perfmon/pfmlib_perf_event.h)

find_package_handle_standard_args(PFM REQUIRED_VARS PFM_LIBRARY PFM_INCLUDE_DIR)

if(PFM_FOUND AND NOT TARGET PFM::libpfm)
  add_library(PFM::libpfm UNKNOWN IMPORTED)
  set_target_properties(PFM::libpfm PROPERTIES
    IMPORTED_LOCATION "${PFM_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${PFM_INCLUDE_DIR}")
endif()
# The archive, for fully static executables (PFM::libpfm_static, when installed).
if(PFM_FOUND AND PFM_STATIC_LIBRARY AND NOT TARGET PFM::libpfm_static)
  add_library(PFM::libpfm_static STATIC IMPORTED)
  set_target_properties(PFM::libpfm_static PROPERTIES
    IMPORTED_LOCATION "${PFM_STATIC_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${PFM_INCLUDE_DIR}")
endif()

mark_as_advanced(PFM_LIBRARY PFM_STATIC_LIBRARY PFM_INCLUDE_DIR)
