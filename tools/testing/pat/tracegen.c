// SPDX-License-Identifier: GPL-2.0
/*
 * tracegen: a small random memtype trace (TRACE-FORMAT.md), for checking
 * memtype-replay against its --reference model when shared/bench and its
 * generator are not around.  Ranges fall in a space of SPACE pages so that
 * overlaps, duplicates, conflicts and same-end shrinks are all common.
 *
 * usage: tracegen SEED OPS [SPACE]
 */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long state;

static unsigned int rnd(unsigned int n)
{
	state = state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned int)(state >> 33) % n;
}

static const char *const modes[] = { "wb", "wc", "uc-", "uc", "wt", "wp" };

int main(int argc, char **argv)
{
	unsigned long long held[256][2], a, b;
	unsigned int space, nheld = 0, i, k;
	unsigned long ops, n;

	if (argc < 3) {
		fprintf(stderr, "usage: tracegen SEED OPS [SPACE]\n");
		return 2;
	}
	state = strtoull(argv[1], NULL, 0);
	ops = strtoul(argv[2], NULL, 0);
	space = argc > 3 ? (unsigned int)strtoul(argv[3], NULL, 0) : 256;
	if (!space)
		space = 1;
	printf("# memtype trace v1: tracegen %s %s %u\n", argv[1], argv[2], space);
	for (n = 0; n < ops; n++) {
		a = rnd(space);
		b = a + 1 + rnd(rnd(4) ? 4 : 32);
		switch (rnd(12)) {
		case 0: case 1: case 2: case 3:
			if (nheld && rnd(3) == 0) {	/* a duplicate */
				k = rnd(nheld);
				a = held[k][0] >> 12;
				b = held[k][1] >> 12;
			}
			printf("%c %llx %llx %s\n", rnd(3) ? 'r' : 's', a << 12,
			       b << 12, modes[rnd(4) ? rnd(2) * 3 : rnd(6)]);
			if (nheld < 256) {
				held[nheld][0] = a << 12;
				held[nheld][1] = b << 12;
				nheld++;
			} else {
				k = rnd(256);
				held[k][0] = a << 12;
				held[k][1] = b << 12;
			}
			break;
		case 4: case 5: case 6: case 7:
			if (nheld && rnd(5)) {
				k = rnd(nheld);
				a = held[k][0];
				b = held[k][1];
				if (rnd(4) == 0 && b - a > 4096)	/* shrink */
					a += (unsigned long long)(1 + rnd((unsigned int)((b - a) >> 12) - 1)) << 12;
				else
					held[k][0] = held[--nheld][0], held[k][1] = held[nheld][1];
				printf("f %llx %llx\n", a, b);
			} else {
				printf("f %llx %llx\n", a << 12, b << 12);
			}
			break;
		default:
			printf("l %llx\n", (unsigned long long)rnd(space + 8) << 12);
			break;
		}
	}
	(void)i;
	return 0;
}
