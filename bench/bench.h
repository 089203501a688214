/* bench.h -- the benchmark program's parts. */
#ifndef CDOK_BENCH_H
#define CDOK_BENCH_H

/* `cdok-bench --generate [--scale K] [--max-size N]`: time the generator
 * (bench_gen.c).  Returns the exit status. */
int bench_generate(int argc, char **argv);

/* `cdok-bench --grade [-r REPEAT] [--list] DIR|FILE...`: time the
 * grader (bench_grade.c).  Returns the exit status. */
int bench_grade(int argc, char **argv);

#endif
