/* trial_proof.c -- a trial step's last resort: a case split in the
 * state where the grader's techniques stop, nested, each case ending
 * in a contradiction they reach (issue 39). */
#include <stdlib.h>
#include <string.h>

#include "grade/trial.h"

/* Whether step s places cell or removes one of its candidates. */
static bool step_narrows(const cdok_step *s, int cell)
{
	for (int i = 0; i < s->nremoved; i++)
		if (s->removed[i].cell == cell)
			return true;
	for (int i = 0; i < s->nplaced; i++)
		if (s->placed[i].cell == cell)
			return true;
	return false;
}

/* A case split the grader's techniques settle (split_stalled): the
 * steps of a node's run, those its proof rests on, and in words the
 * split that follows them ("So r2c9 is 3 or 7. If r2c9 is 3: ...").*/
struct proof {
	struct deep_run run;
	bool *need;
	struct strbuf tail;
};

static void proof_free(struct proof *pf)
{
	cdki_trial_run_free(&pf->run);
	free(pf->need);
	pf->need = NULL;
	cdki_sb_free(&pf->tail);
	cdki_sb_init(&pf->tail);
}

/* pf's steps it rests on, then its split, into sb. */
static void say_proof(const cdok_puzzle *p, const struct proof *pf,
		      struct strbuf *sb)
{
	int told = cdki_trial_say_steps(p, pf->run.steps, pf->need, 0,
			      pf->run.nsteps, sb);

	if (pf->tail.len) {
		sb_puts(sb, told ? " So " : "");
		sb_puts(sb, pf->tail.data);
	}
}

/* The steps of pf's run that a split on c and its cases kid[0..nk-1]
 * rest on (and those that narrowed c), into pf->need; false out of
 * memory. */
static bool proof_needs(const struct grader *g, struct proof *pf, int c,
			const struct proof *kid, int nk)
{
	int n0 = pf->run.nsteps, most = n0;
	cdok_step *all;
	bool *needed;
	bool ok;

	for (int k = 0; k < nk; k++)
		most = n0 + kid[k].run.nsteps > most ? n0 + kid[k].run.nsteps
						     : most;
	all = cdok_malloc((size_t)(most ? most : 1) * sizeof(*all));
	needed = cdok_malloc((size_t)(most ? most : 1) * sizeof(bool));
	pf->need = cdok_calloc((size_t)(n0 ? n0 : 1), sizeof(bool));
	ok = all && needed && pf->need;
	if (ok && n0)
		memcpy(all, pf->run.steps, (size_t)n0 * sizeof(*all));
	for (int k = 0; ok && k < nk; k++) {
		int m = n0 + kid[k].run.nsteps;

		if (kid[k].run.nsteps)
			memcpy(all + n0, kid[k].run.steps,
			       (size_t)kid[k].run.nsteps * sizeof(*all));
		for (int i = 0; i < n0; i++)
			needed[i] = step_narrows(&all[i], c);
		for (int i = n0; i < m; i++)
			needed[i] = kid[k].need[i - n0];
		if (!cdki_steps_needed(g->p, all, m, needed))
			memset(needed, 1, (size_t)m);
		for (int i = 0; i < n0; i++)
			pf->need[i] |= needed[i];
	}
	free(all);
	free(needed);
	return ok;
}

/* A proof that val and dom lead to a contradiction: the grader's
 * techniques reach one, or, depth > 0, they stop and every value of a
 * cell of two or three candidates in the state where they stopped has
 * a proof of depth - 1.  At most *tries runs of the techniques. */
static bool prove(const struct grader *g, const int *val,
		  const uint64_t *dom, int depth, int *tries,
		  struct proof *pf)
{
	int ncells = g->ncells, r;
	int *sv = cdok_malloc((size_t)ncells * sizeof(int));
	uint64_t *sd = cdok_malloc((size_t)ncells * sizeof(uint64_t));
	struct proof kid[3];
	bool ok = false;

	for (int k = 0; k < 3; k++) {
		memset(&kid[k], 0, sizeof(kid[k]));
		cdki_sb_init(&kid[k].tail);
	}
	if (!sv || !sd || *tries <= 0)
		goto out;
	(*tries)--;
	r = cdki_trial_run(g, val, dom, &pf->run, sv, sd);
	if (pf->run.nomem)
		goto out;
	if (r == CDKI_CONTRADICTION) {
		if (pf->run.nsteps > 0) {
			pf->need = cdok_calloc((size_t)pf->run.nsteps,
					       sizeof(bool));
			ok = pf->need != NULL;
			if (ok) {
				pf->need[pf->run.nsteps - 1] = true;
				if (!cdki_steps_needed(g->p, pf->run.steps,
						       pf->run.nsteps, pf->need))
					memset(pf->need, 1,
					       (size_t)pf->run.nsteps);
			}
		}
		goto out;
	}
	for (int ways = 2; depth > 0 && ways <= 3 && !ok; ways++)
		for (int c = 0; c < ncells && *tries > 0 && !ok; c++) {
			uint64_t d = sd[c];
			int k = 0;
			bool all = true;

			if (sv[c] || cdok_popcount(d) != ways)
				continue;
			for (uint64_t a = d; a && all; a &= a - 1, k++) {
				sd[c] = a & -a;
				sv[c] = __builtin_ctzll(a);
				all = prove(g, sv, sd, depth - 1, tries,
					    &kid[k]);
				sd[c] = d;
				sv[c] = 0;
			}
			if (all && proof_needs(g, pf, c, kid, ways)) {
				struct strbuf *sb = &pf->tail;

				k = 0;
				cdki_text_cell(g, c, sb);
				sb_puts(sb, " is ");
				for (uint64_t a = d; a; a &= a - 1, k++)
					cdki_sb_printf(sb, "%s%d", k == 0 ? "" :
						       k == ways - 1 ? " or " :
						       ", ", __builtin_ctzll(a));
				sb_puts(sb, ".");
				k = 0;
				for (uint64_t a = d; a; a &= a - 1, k++) {
					sb_puts(sb, " If ");
					if (k == 0)
						cdki_text_cell(g, c, sb);
					else
						sb_puts(sb, "it");
					cdki_sb_printf(sb, " is %d: ",
						       __builtin_ctzll(a));
					say_proof(g->p, &kid[k], sb);
				}
				ok = !sb->failed;
			}
			for (k = 0; k < 3; k++)
				proof_free(&kid[k]);
		}
out:
	for (int k = 0; k < 3; k++)
		proof_free(&kid[k]);
	free(sv);
	free(sd);
	return ok;
}

/* Past split_deeper: the grader's techniques go on from where the
 * singles and cages after v in cell stopped (t holds that state) and
 * stop short of a contradiction; a case split in the state where they
 * stop, each case ending in one, nested at most TRIAL_PROOF_DEPTH deep
 * and in TRIAL_PROOF_TRIES runs of the techniques; false when none is
 * found. */
bool cdki_trial_stalled(struct trial *t, int cell, int v, struct strbuf *sb)
{
	const struct grader *g = t->g;
	struct proof pf;
	int tries = TRIAL_PROOF_TRIES;
	bool ok;

	memset(&pf, 0, sizeof(pf));
	cdki_sb_init(&pf.tail);
	/* The shallowest split first: its words are the fewest. */
	for (int depth = 1; depth <= TRIAL_PROOF_DEPTH; depth++) {
		ok = prove(g, t->val, t->dom, depth, &tries, &pf) &&
		     pf.tail.len;
		if (ok || tries <= 0)
			break;
		proof_free(&pf);
	}
	if (ok) {
		sb_puts(sb, "Suppose ");
		cdki_text_cell(g, cell, sb);
		cdki_sb_printf(sb, " is %d; then, after the singles and cages "
			       "that follow: ", v);
		say_proof(g->p, &pf, sb);
		sb_puts(sb, " Either way, ");
		cdki_text_cell(g, cell, sb);
		cdki_sb_printf(sb, " is not %d. ", v);
	}
	proof_free(&pf);
	return ok;
}

