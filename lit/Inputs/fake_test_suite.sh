#!/bin/sh
# Makes DIR/src and DIR/build, a fake LLVM test-suite source and build directory, for the
# tests of scripts/use-in-llvm-test-suite. It holds what the script takes as evidence of a
# configured build (CMakeCache.txt naming a source directory with litsupport/ and
# tools/timeit.c, lit.site.cfg, tools/), and tools/timeit and tools/timeit-target "built"
# from timeit.c, here a shell script that says it is upstream's. With ninja on PATH a
# build.ninja builds them by copying timeit.c, so that ninja's log knows them as it knows
# the real ones, and rebuilds them when timeit.c changes or after `ninja -t clean`; a
# CMakeCache.txt newer than build.ninja makes it "run CMake" (touch build.ninja) first.
# usage: fake_test_suite.sh DIR
set -eu
root=$1
rm -rf "$root"
mkdir -p "$root/src/litsupport" "$root/src/tools" "$root/build/tools"
printf '#!/bin/sh\necho "upstream ${0##*/} $*"\n' > "$root/src/tools/timeit.c"
echo "config.test_source_root = 'fake'" > "$root/build/lit.site.cfg"
if command -v ninja > /dev/null; then
  printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\nCMAKE_GENERATOR:INTERNAL=Ninja\n' "$root/src" > "$root/build/CMakeCache.txt"
  cat > "$root/build/build.ninja" <<'NINJA'
rule cc
  command = cp $in $out && chmod +x $out
build tools/timeit: cc ../src/tools/timeit.c
build tools/timeit-target: cc ../src/tools/timeit.c
rule reconfigure
  command = touch build.ninja
  generator = 1
build build.ninja: reconfigure CMakeCache.txt
NINJA
  ninja -C "$root/build" > /dev/null
else
  printf 'CMAKE_HOME_DIRECTORY:INTERNAL=%s\n' "$root/src" > "$root/build/CMakeCache.txt"
  for tool in timeit timeit-target; do
    cp "$root/src/tools/timeit.c" "$root/build/tools/$tool" && chmod +x "$root/build/tools/$tool"
  done
fi
