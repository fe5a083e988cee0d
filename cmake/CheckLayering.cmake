# SPDX-License-Identifier: MIT
# The include layering of core/ (docs/architecture.md): a folder may include its own headers and
# those of the folders BEFORE it in LAYERS, never one after it. Run by ctest (test_layering):
#   cmake -DSOURCE_DIR=<repository root> -P cmake/CheckLayering.cmake
# Fails, listing every offending line, when an include points the wrong way, when a folder of
# core/ is missing from LAYERS, or when docs/architecture.md does not state the same order.

set(LAYERS base graph hardware zoo importers design predict explore validate report)

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "CheckLayering.cmake: pass -DSOURCE_DIR=<repository root>")
endif()
set(core "${SOURCE_DIR}/core")
set(problems "")

# Every folder of core/ has its place.
file(GLOB entries LIST_DIRECTORIES true RELATIVE "${core}" "${core}/*")
foreach(entry ${entries})
  if(IS_DIRECTORY "${core}/${entry}")
    list(FIND LAYERS "${entry}" at)
    if(at EQUAL -1)
      string(APPEND problems "  core/${entry}/ is not in the layer order (add it to LAYERS in cmake/CheckLayering.cmake and to docs/architecture.md)\n")
    endif()
  endif()
endforeach()

# Every quoted include of another core folder points down the order.
file(GLOB_RECURSE sources RELATIVE "${core}" "${core}/*.h" "${core}/*.cpp")
foreach(source ${sources})
  string(REGEX MATCH "^[^/]+" folder "${source}")
  list(FIND LAYERS "${folder}" own)
  if(own EQUAL -1)
    continue()  # reported above
  endif()
  file(STRINGS "${core}/${source}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"[A-Za-z0-9_]+/")
  foreach(line ${lines})
    string(REGEX MATCH "\"([A-Za-z0-9_]+)/" _ "${line}")
    set(target "${CMAKE_MATCH_1}")
    list(FIND LAYERS "${target}" other)
    if(other EQUAL -1)
      string(STRIP "${line}" text)
      string(APPEND problems "  core/${source}: ${text} (not a core folder)\n")
    elseif(other GREATER own)
      string(STRIP "${line}" text)
      string(APPEND problems "  core/${source}: ${text} (${folder} may not include ${target}: ${target} comes after it)\n")
    endif()
  endforeach()
endforeach()

# The documentation states the same order.
list(JOIN LAYERS " → " documented)
file(READ "${SOURCE_DIR}/docs/architecture.md" doc)
string(FIND "${doc}" "${documented}" found)
if(found EQUAL -1)
  string(APPEND problems "  docs/architecture.md does not state the order '${documented}'\n")
endif()

if(problems)
  message(FATAL_ERROR "core/ include layering broken (order: ${documented}):\n${problems}")
endif()
list(LENGTH sources count)
message(STATUS "core/ include layering: ${count} files follow ${documented}")
