/* rng.c -- the caller-owned random number generator: xoshiro256**,
 * seeded through splitmix64 so that any (seed, stream) pair gives a
 * well-mixed, independent start. */
#include "generate/generate.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

void cdok_rng_seed(cdok_rng *rng, uint64_t seed, uint64_t stream)
{
	uint64_t x = seed ^ splitmix64(&stream);

	for (int i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&x);
	/* The all-zero state is the one state xoshiro cannot leave. */
	if (!(rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]))
		rng->s[0] = 1;
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t cdok_rng_next(cdok_rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t cdok_rng_below(cdok_rng *rng, uint64_t bound)
{
	/* Rejection sampling: drop the top partial range of 2^64 so every
	 * residue is equally likely. */
	uint64_t limit, x;

	if (bound <= 1)
		return 0;
	limit = UINT64_MAX - UINT64_MAX % bound;
	do
		x = cdok_rng_next(rng);
	while (x >= limit);
	return x % bound;
}
