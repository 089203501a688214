# render.mk -- libcdok-render (lib/render/): the svg, pdf and png
# pictures, drawn with cairo (mk/libs.mk describes optional libraries).
LIB_render_PKGS     = cairo
LIB_render_FALLBACK = -lcairo
LIB_render_DESC     = Pictures (SVG, PDF, PNG) of Calcudoku and Killer Sudoku puzzles for libcdok
# cairo and the twenty libraries it needs would cost every start of the
# program more than a trivial run's work: cdok loads libcdok-render
# only when a picture format is asked for (cli/render.c).
LIB_render_LOADED   = yes

$(eval $(call optional_lib,render))

# The program looks for the library beside itself (the build tree),
# then where `make install` puts it relative to the program, then by
# the dynamic linker's search.  The relative path and the SONAME's
# number are written to a header only when they change, so that the
# program is rebuilt for another BINDIR or LIBDIR and only then.
RENDER_PATHS = $(BUILD)/gen/libdir.h

$(BUILD)/obj/cli/render.o: $(RENDER_PATHS)
$(BUILD)/obj/cli/render.o: CFLAGS_ALL += -I$(BUILD)/gen

$(RENDER_PATHS): FORCE
	@mkdir -p $(dir $@)
	@rel=$$(realpath -m --relative-to='$(BINDIR)' '$(LIBDIR)') && \
	{ echo '/* Made by mk/render.mk: do not edit. */'; \
	  echo "#define CLI_ABI \"$(ABI)\""; \
	  echo "#define CLI_LIBDIR_FROM_BINDIR \"$$rel\""; } > $@.tmp && \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

.PHONY: FORCE
FORCE:

# The picture tests read PNGs back with cairo.
$(BUILD)/obj/tests/test_render%.o: tests/test_render%.c include/cdok.h \
		$(LIB_HDR) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LIB_render_CFLAGS) -Ilib -D_GNU_SOURCE \
		-DCDOK_BIN='"$(BUILD)/cdok"' -c $< -o $@

# The lazy-loading tests name the library by its SONAME.
$(BUILD)/obj/tests/test_cli_lazy.o: $(RENDER_PATHS)
$(BUILD)/obj/tests/test_cli_lazy.o: CFLAGS_ALL += -I$(BUILD)/gen
