#!/bin/sh
# build-sgt.sh DIR -- build Tatham's Keen and Solo tools from the
# third-party sources in ../shared/anchors/sgt-puzzles/ into DIR (default
# /tmp/cdok-sgt), for the level benchmarks (bench/levels/README.md):
#
#   keensolver, solosolver   the anchors' standalone graders (build.sh)
#   keengen, sologen         their generators, driven by sgtgen.c
#
# Nothing built here is committed; it is rebuilt when missing.
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/cdok-sgt}
anchors=${SGT_ANCHORS:-$here/../../../../shared/anchors/sgt-puzzles}
[ -d "$anchors" ] || anchors=/work/shared/anchors/sgt-puzzles
mkdir -p "$out"
out=$(cd "$out" && pwd)
sh "$anchors/build.sh" "$out" >/dev/null
cd "$anchors"
cc -O2 -w -DANDROID_ARROWS_LEFT=0 -I. -o "$out/keengen" "$here/sgtgen.c" \
   keen.c latin.c tree234.c malloc.c misc.c random.c dsf.c matching.c \
   divvy.c nullfe.c -lm
stub=$(mktemp)
mv "$stub" "$stub.c"
echo 'void draw_thick_polygon(void);void draw_thick_polygon(void){}' > "$stub.c"
cc -O2 -w -DANDROID_ARROWS_LEFT=0 -I. -o "$out/sologen" "$here/sgtgen.c" \
   solo.c divvy.c tree234.c malloc.c misc.c random.c dsf.c nullfe.c \
   "$stub.c" -lm
rm -f "$stub.c"
echo "built keensolver, solosolver, keengen and sologen in $out"
