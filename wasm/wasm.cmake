# The wasm modules, configured by emcmake into one build directory per variant (scripts/build.mjs:
# build/wasm/<variant>, -DSUPCLUST_VARIANT=simd or simd-threaded), each linked for browsers (an
# ES module, dist/wasm/web) and Node (CommonJS, dist/wasm/node) from the same objects:
#   supclust-core-<variant>: the kernels, the linear and grouping families and the calls around their
#     fits (wasm/core_module.cpp: its catalogue of two families) — what a page fitting those downloads;
#   supclust-library-<variant>: every family (cpp/src/families/families.cpp) and the papers' tables
#     (wasm/library_module.cpp: experiment(), describe(), requests()).
# Included by CMakeLists.txt, which declares the sources once for both builds.

set(SUPCLUST_VARIANT simd CACHE STRING "the wasm build: simd or simd-threaded")
set(SUPCLUST_NODE node CACHE FILEPATH "the Node.js that runs scripts/wasm-glue.mjs after each browser link")
set(CMAKE_UNITY_BUILD OFF)

# No RTTI (nothing asks for a type at run time; embind names its types without it): 4 % of the module.
set(SUPCLUST_WASM_FLAGS -O3 -msimd128 -fno-rtti -DEMSCRIPTEN_HAS_UNBOUND_TYPE_NAMES=0 -DNDEBUG -DEIGEN_NO_DEBUG)
set(SUPCLUST_WASM_LINK_FLAGS)
if(SUPCLUST_VARIANT STREQUAL "simd-threaded")
  list(APPEND SUPCLUST_WASM_FLAGS -pthread)
  set(SUPCLUST_WASM_LINK_FLAGS -pthread -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -Wno-pthreads-mem-growth)
elseif(NOT SUPCLUST_VARIANT STREQUAL "simd")
  message(FATAL_ERROR "SUPCLUST_VARIANT must be simd or simd-threaded (got ${SUPCLUST_VARIANT})")
endif()

# What holds no hot loop is compiled for size: the papers' tables (declarations, the runner's
# bookkeeping), option parsing, the registry (its checks of options and shapes; the passes over
# X are checkDesign's and maxAbsOf's, core/data_matrix.cpp), the options' rescaling, the metrics,
# JSON, refusals, the bindings, the loops over whole fits (paths, stability), the relaxed refit's
# set-up (it solves by the recipes' smooth fit), the multi-start bookkeeping, the reflected rows
# of a fit without intercept, the offsets' loss (its passes are the loss's), the squared-loss
# searches' Gram columns (their passes are the design's), IHCS's exchange search (its candidates
# are Q × Q solves; 2 KiB less on the core page), proximal Newton's steps and the extrapolation of
# their passes (their passes over X are the kernels'; -Os saves 3.4 KiB of the core page and costs
# 3–5 % on logistic ℓ1 fits, 10 % on multinomial ones), the priors' row clustering for K outputs
# (Lloyd steps beside a convex fit per round), the soft clustered tasks' projected gradient (its
# time is the loss's passes and the clustering's enumeration, both compiled for speed; 3 KiB of the
# library page at -O3), and each family's methods.cpp (it declares options
# and composes solvers: no loop of its own over data). Everything that passes over the data or
# iterates (kernels, solvers, the recipes that instantiate them, cross-validation's folds, the
# thread team) is compiled for speed (-Os on cross-validation cost 6 % on a grid search).
file(GLOB_RECURSE SUPCLUST_FOR_SIZE CONFIGURE_DEPENDS cpp/src/experiments/*.cpp cpp/src/metrics/*.cpp
     cpp/src/families/*/methods.cpp wasm/*.cpp)
foreach(file IN ITEMS methods/options.cpp methods/registry.cpp methods/data_scale.cpp methods/path.cpp
                      methods/relaxed_fit.cpp methods/stability.cpp base/json.cpp core/held_design.cpp
                      solvers/proximal_newton.cpp solvers/coordinate_extrapolation.cpp methods/multi_start.cpp
                      methods/intercept_free.cpp core/offset_loss.cpp families/grouping/gram_columns.cpp
                      families/grouping/sparse_exchange.cpp methods/weighted_rows.cpp methods/penalty_factors.cpp
                      families/priors/row_centres.cpp families/tasks/soft_tasks_gradient.cpp)
  list(APPEND SUPCLUST_FOR_SIZE ${CMAKE_CURRENT_SOURCE_DIR}/cpp/src/${file})
endforeach()
set_source_files_properties(${SUPCLUST_FOR_SIZE} PROPERTIES COMPILE_OPTIONS -Os)

# Objects: those both modules link, and each module's own.
set(SUPCLUST_ALL_FAMILIES ${CMAKE_CURRENT_SOURCE_DIR}/cpp/src/families/families.cpp)
set(SUPCLUST_SHARED ${SUPCLUST_SOURCES} ${SUPCLUST_EXPERIMENT_SOURCES} wasm/bindings.cpp)
list(REMOVE_ITEM SUPCLUST_SHARED ${SUPCLUST_ALL_FAMILIES})
add_library(supclust_wasm_shared OBJECT ${SUPCLUST_SHARED})
add_library(supclust_wasm_core OBJECT wasm/core_module.cpp)
add_library(supclust_wasm_library OBJECT ${SUPCLUST_ALL_FAMILIES} wasm/library_module.cpp)
foreach(objects IN ITEMS supclust_wasm_shared supclust_wasm_core supclust_wasm_library)
  target_include_directories(${objects} PRIVATE cpp/include /usr/include/eigen3)
  target_compile_options(${objects} PRIVATE ${SUPCLUST_WASM_FLAGS})
endforeach()

# Each module for each environment, relinked when post.js or the glue script changes. The .wasm is
# the same for both (the environment flags change only the glue); scripts/build.mjs checks that and
# keeps the browsers' copy.
set(SUPCLUST_WEB_FLAGS -sENVIRONMENT=web,worker -sEXPORT_ES6=1)
set(SUPCLUST_NODE_FLAGS -sENVIRONMENT=node -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0)
set(SUPCLUST_WEB_POOL "Math.max(1,Math.min(8,(self.navigator&&navigator.hardwareConcurrency)||2))")
set(SUPCLUST_NODE_POOL "Math.max(1,Math.min(8,require('os').cpus().length))")
foreach(module IN ITEMS core library)
  foreach(env IN ITEMS web node)
    set(target supclust-${module}-${SUPCLUST_VARIANT}-${env})
    string(TOUPPER ${env} ENV)
    add_executable(${target} $<TARGET_OBJECTS:supclust_wasm_shared> $<TARGET_OBJECTS:supclust_wasm_${module}>)
    set_target_properties(${target} PROPERTIES OUTPUT_NAME supclust-${module}-${SUPCLUST_VARIANT} SUFFIX .js
                                               RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/dist/wasm/${env}
                                               LINK_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/wasm/post.js;${CMAKE_CURRENT_SOURCE_DIR}/scripts/wasm-glue.mjs")
    set(pool)
    if(SUPCLUST_VARIANT STREQUAL "simd-threaded")
      set(pool "-sPTHREAD_POOL_SIZE=${SUPCLUST_${ENV}_POOL}")
    endif()
    target_link_options(${target} PRIVATE ${SUPCLUST_WASM_FLAGS} ${SUPCLUST_WASM_LINK_FLAGS} ${SUPCLUST_${ENV}_FLAGS}
                        ${pool} --bind -sMODULARIZE=1 -sEXPORT_NAME=createSupclust -sDYNAMIC_EXECUTION=0
                        -sFILESYSTEM=0 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=32MB
                        "SHELL:--post-js ${CMAKE_CURRENT_SOURCE_DIR}/wasm/post.js")
    if(env STREQUAL "web")
      add_custom_command(TARGET ${target} POST_BUILD
                         COMMAND ${SUPCLUST_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/scripts/wasm-glue.mjs $<TARGET_FILE:${target}>
                         VERBATIM)
    endif()
  endforeach()
endforeach()
