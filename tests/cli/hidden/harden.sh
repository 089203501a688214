# harden keeps a puzzle's hidden operators, and its two-cell rule.
printf '@two-cell\nA?5\tB?12\tB\tB\nA\tB\tC?2\tD?24\nE?5\tC\tC\tD\nE\tF?1\tF\tD\n' |
	cdok harden --seed 2 --to spec
