/* bench.h -- the benchmark program's parts. */
#ifndef CDOK_BENCH_H
#define CDOK_BENCH_H

/* `cdok-bench --generate [--scale K] [--max-size N]`: time the generator
 * (bench_gen.c).  Returns the exit status. */
int bench_generate(int argc, char **argv);

#endif
