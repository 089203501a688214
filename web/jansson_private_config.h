/* jansson_private_config.h -- what jansson's own build (configure or
 * CMake) would find out about the system, written down for the two
 * builds of jansson's Debian source that mk/web.mk makes: with emcc for
 * the page, and natively for the test that holds the page's JSON reader
 * against build/cdok (doc/WEB.md).  jansson's sources include this file
 * by name; its public counterpart, jansson_config.h, mk/web.mk makes from
 * jansson's own jansson_config.h.in.
 *
 * Both targets have the POSIX headers below.  No urandom or timestamp
 * is needed for the hash seed: the page reads one document at a time in
 * one thread, and the seed only spreads keys over buckets (an object's
 * keys keep their order whatever it is).
 */
#ifndef CDOK_WEB_JANSSON_PRIVATE_CONFIG_H
#define CDOK_WEB_JANSSON_PRIVATE_CONFIG_H

#define HAVE_STDINT_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_SYS_PARAM_H 1
#define HAVE_ENDIAN_H 1

#endif
