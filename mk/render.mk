# render.mk -- libcdok-render (lib/render/): the svg, pdf and png
# pictures, drawn with cairo (mk/libs.mk describes optional libraries).
LIB_render_PKGS     = cairo
LIB_render_FALLBACK = -lcairo
LIB_render_DESC     = Pictures (SVG, PDF, PNG) of Calcudoku and Killer Sudoku puzzles for libcdok

$(eval $(call optional_lib,render))

# The picture tests read PNGs back with cairo.
$(BUILD)/obj/tests/test_render%.o: tests/test_render%.c include/cdok.h \
		$(LIB_HDR) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LIB_render_CFLAGS) -Ilib -D_GNU_SOURCE \
		-DCDOK_BIN='"$(BUILD)/cdok"' -c $< -o $@
