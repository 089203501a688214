# install.mk -- make install, make uninstall, and the check that an
# installed cdok is one a packager would accept (make install-check).
#
# The usual GNU and Debian names, each overridable on the command line:
#
#   make install DESTDIR=/tmp/stage PREFIX=/usr \
#                LIBDIR=/usr/lib/x86_64-linux-gnu
#
# installs
#   $(BINDIR)/cdok
#   $(LIBDIR)/libcdok.a, libcdok.so.$(SO_VERSION), the SONAME link
#       libcdok.so.$(ABI) and the development link libcdok.so; the same
#       for every optional library built (libcdok-json, ...)
#   $(PKGCONFIGDIR)/cdok.pc, cdok-json.pc, ...
#   $(INCLUDEDIR)/cdok.h
#   $(MANDIR)/man1/cdok.1, $(MANDIR)/man3/libcdok.3
#   $(BASHCOMPDIR)/cdok, $(ZSHCOMPDIR)/_cdok
# DESTDIR is prepended to every path and written nowhere: the .pc files
# name PREFIX's paths.  Into a system prefix (LIBDIR under /usr or
# /lib), as root and without DESTDIR, install and uninstall run
# ldconfig so that programs find the shared libraries at run time.

PREFIX       ?= /usr/local
EXEC_PREFIX  ?= $(PREFIX)
BINDIR       ?= $(EXEC_PREFIX)/bin
LIBDIR       ?= $(EXEC_PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
DATADIR      ?= $(PREFIX)/share
MANDIR       ?= $(DATADIR)/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR  ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR   ?= $(DATADIR)/zsh/site-functions

INSTALL      ?= install
SCDOC        ?= scdoc

# ---- man pages and completions, made from the program's own tables ----

MAN_PAGES   = $(BUILD)/man/cdok.1 $(BUILD)/man/libcdok.3
COMPLETIONS = $(BUILD)/completions/cdok $(BUILD)/completions/_cdok

all: $(MAN_PAGES) $(COMPLETIONS)

# cdok(1): doc/cdok.1.scd, with its lists of commands, options, formats
# and exit statuses written by the program from the tables --help is
# made of, so that the two cannot disagree.
$(BUILD)/man/cdok.1: doc/cdok.1.scd $(BUILD)/cdok mk/man-splice.sh
	@mkdir -p $(dir $@)
	sh mk/man-splice.sh $(BUILD)/cdok < doc/cdok.1.scd > $@.scd
	$(SCDOC) < $@.scd > $@

$(BUILD)/man/libcdok.3: doc/libcdok.3.scd
	@mkdir -p $(dir $@)
	$(SCDOC) < $< > $@

$(BUILD)/completions/cdok: $(BUILD)/cdok
	@mkdir -p $(dir $@)
	$(BUILD)/cdok --completions bash > $@

$(BUILD)/completions/_cdok: $(BUILD)/cdok
	@mkdir -p $(dir $@)
	$(BUILD)/cdok --completions zsh > $@

# ---- pkg-config files ----

# Paths in a .pc file are relative to ${prefix} where they can be, so
# that pkg-config --define-prefix and relocated trees work.
pc_path = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))

.PHONY: pc-files
pc-files:
	@mkdir -p $(BUILD)/pc
	sed -e 's|@PREFIX@|$(PREFIX)|' \
	    -e 's|@LIBDIR@|$(call pc_path,$(LIBDIR))|' \
	    -e 's|@INCLUDEDIR@|$(call pc_path,$(INCLUDEDIR))|' \
	    -e 's|@VERSION@|$(VERSION)|' \
	    mk/cdok.pc.in > $(BUILD)/pc/cdok.pc
	$(foreach n,$(OPT_LIB_NAMES),sed -e 's|@PREFIX@|$(PREFIX)|' \
	    -e 's|@LIBDIR@|$(call pc_path,$(LIBDIR))|' \
	    -e 's|@INCLUDEDIR@|$(call pc_path,$(INCLUDEDIR))|' \
	    -e 's|@VERSION@|$(VERSION)|' -e 's|@NAME@|$(n)|' \
	    -e 's|@DESC@|$(LIB_$(n)_DESC)|' \
	    -e 's|@PKGS@|$(LIB_$(n)_PKGS)|' \
	    mk/cdok-optional.pc.in > $(BUILD)/pc/cdok-$(n).pc;)

# ---- install, uninstall ----

# The libraries: the core, then every optional one.
INSTALL_LIBS = cdok $(OPT_LIB_NAMES:%=cdok-%)

install: all pc-files
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
		$(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(INCLUDEDIR) \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	$(INSTALL) -m 755 $(BUILD)/cdok $(DESTDIR)$(BINDIR)/cdok
	for l in $(INSTALL_LIBS); do \
		$(INSTALL) -m 644 $(BUILD)/lib$$l.a $(DESTDIR)$(LIBDIR)/lib$$l.a && \
		$(INSTALL) -m 644 $(BUILD)/lib$$l.so.$(SO_VERSION) \
			$(DESTDIR)$(LIBDIR)/lib$$l.so.$(SO_VERSION) && \
		ln -sf lib$$l.so.$(SO_VERSION) $(DESTDIR)$(LIBDIR)/lib$$l.so.$(ABI) && \
		ln -sf lib$$l.so.$(ABI) $(DESTDIR)$(LIBDIR)/lib$$l.so && \
		$(INSTALL) -m 644 $(BUILD)/pc/$$l.pc \
			$(DESTDIR)$(PKGCONFIGDIR)/$$l.pc || exit 1; \
	done
	$(INSTALL) -m 644 include/cdok.h $(DESTDIR)$(INCLUDEDIR)/cdok.h
	$(INSTALL) -m 644 $(BUILD)/man/cdok.1 $(DESTDIR)$(MANDIR)/man1/cdok.1
	$(INSTALL) -m 644 $(BUILD)/man/libcdok.3 $(DESTDIR)$(MANDIR)/man3/libcdok.3
	$(INSTALL) -m 644 $(BUILD)/completions/cdok $(DESTDIR)$(BASHCOMPDIR)/cdok
	$(INSTALL) -m 644 $(BUILD)/completions/_cdok $(DESTDIR)$(ZSHCOMPDIR)/_cdok
	$(LDCONFIG_SYSTEM)

# A program linked to libcdok.so finds it at run time through the dynamic
# linker, whose cache ldconfig(8) writes: an install into a system
# prefix's LIBDIR (under /usr or /lib), as root and without DESTDIR,
# runs it; elsewhere the program's user says where the library is
# (LD_LIBRARY_PATH, or an rpath; README.md, "Installing").
LDCONFIG_SYSTEM = @if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && \
	command -v ldconfig >/dev/null 2>&1; then \
	case "$(LIBDIR)" in \
	/usr/*|/lib|/lib/*|/lib64*) echo ldconfig; ldconfig ;; \
	esac; \
	fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/cdok $(DESTDIR)$(INCLUDEDIR)/cdok.h \
		$(DESTDIR)$(MANDIR)/man1/cdok.1 $(DESTDIR)$(MANDIR)/man3/libcdok.3 \
		$(DESTDIR)$(BASHCOMPDIR)/cdok $(DESTDIR)$(ZSHCOMPDIR)/_cdok
	for l in $(INSTALL_LIBS); do \
		rm -f $(DESTDIR)$(LIBDIR)/lib$$l.a \
			$(DESTDIR)$(LIBDIR)/lib$$l.so.$(SO_VERSION) \
			$(DESTDIR)$(LIBDIR)/lib$$l.so.$(ABI) \
			$(DESTDIR)$(LIBDIR)/lib$$l.so \
			$(DESTDIR)$(PKGCONFIGDIR)/$$l.pc; \
	done
	$(LDCONFIG_SYSTEM)

# ---- the installed tree, checked (part of make check) ----

# Install into a fresh prefix under build/, then check it as a packager
# and a user of the library would (scripts/install-check): SONAMEs and
# links, nothing linked but libc and libm, .pc files that build and run
# doc/example.c and doc/example-json.c, man pages that render, and an
# uninstall that leaves nothing behind.
STAGE = $(CURDIR)/$(BUILD)/stage

install-check: all
	rm -rf $(STAGE)
	$(MAKE) --no-print-directory install PREFIX=$(STAGE)
	sh scripts/install-check $(STAGE) $(VERSION) $(ABI) \
		"$(INSTALL_LIBS)" $(SO_VERSION)
	$(MAKE) --no-print-directory uninstall PREFIX=$(STAGE)
	@left=$$(find $(STAGE) -type f -o -type l); \
	if [ -n "$$left" ]; then \
		echo "install-check: make uninstall left:"; echo "$$left"; \
		exit 1; \
	fi
	@echo "install-check: make uninstall removed every file"
	@# README.md's staged install, its lines as the README shows them,
	@# with nothing from this shell's environment about libraries.
	@scripts/doc-block README.md 'readme: staged-install' \
		> $(BUILD)/readme-staged.sh
	rm -rf $(BUILD)/readme-tmp && mkdir -p $(BUILD)/readme-tmp
	+env -u LD_LIBRARY_PATH -u PKG_CONFIG_PATH -u PKG_CONFIG_SYSROOT_DIR \
		TMPDIR=$(CURDIR)/$(BUILD)/readme-tmp \
		bash -e $(BUILD)/readme-staged.sh > $(BUILD)/readme-staged.out
	rm -rf $(BUILD)/readme-tmp
	@tail -n 1 $(BUILD)/readme-staged.out | \
		grep -q '^Solution is unique. Difficulty: ' || \
		{ echo "install-check: README's staged install: no difficulty line"; \
		  cat $(BUILD)/readme-staged.out; exit 1; }
	@echo "install-check: README's staged install (DESTDIR, PREFIX=/usr/local) builds and runs doc/example.c: $$(tail -n 1 $(BUILD)/readme-staged.out)"
