// SPDX-License-Identifier: GPL-2.0
/*
 * gen_init_cpio: write an initramfs cpio "newc" archive to stdout from a
 * list file in the format of Linux's usr/gen_init_cpio, one entry a line:
 *
 *	# a comment
 *	file <name> <location> <mode> <uid> <gid> [<hard links>...]
 *	dir <name> <mode> <uid> <gid>
 *	nod <name> <mode> <uid> <gid> <dev_type> <maj> <min>
 *	slink <name> <target> <mode> <uid> <gid>
 *	pipe <name> <mode> <uid> <gid>
 *	sock <name> <mode> <uid> <gid>
 *
 * <mode> is octal, <uid>/<gid>/<maj>/<min> decimal, <dev_type> "b" or
 * "c"; ${VAR} in <location> is replaced from the environment.  Leading
 * "/" of names is dropped.  Unlike Linux's tool, the output depends on
 * nothing but the list and the files' contents: every mtime is the -t
 * value (default 0) and inode numbers count up from 721 in list order, so
 * the same inputs give the same bytes.  -c writes the checksummed "crc"
 * variant (070702).  The format is in Documentation/filesystems/initramfs.rst.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_FIELDS	64

static unsigned int next_ino = 721;
static unsigned long long out_off;
static unsigned int mtime;
static int crc;
static const char *list_name;
static unsigned int lineno;

static void __attribute__((noreturn, format(printf, 1, 2)))
die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "gen_init_cpio: %s:%u: ", list_name, lineno);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void put(const void *p, size_t n)
{
	if (n && fwrite(p, 1, n, stdout) != n) {
		fprintf(stderr, "gen_init_cpio: write: %s\n", strerror(errno));
		exit(1);
	}
	out_off += n;
}

static void pad(unsigned int to)
{
	static const char zeros[512];

	put(zeros, (to - out_off % to) % to);
}

struct hdr {
	unsigned int ino, mode, uid, gid, nlink, rmajor, rminor;
	const char *name;
	const void *data;
	size_t size;
};

static void put_entry(const struct hdr *h)
{
	const unsigned char *d = h->data;
	unsigned int sum = 0;
	char buf[160];
	size_t i;

	for (i = 0; crc && i < h->size; i++)
		sum += d[i];
	snprintf(buf, sizeof(buf),
		 "%s%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 crc ? "070702" : "070701", h->ino, h->mode, h->uid, h->gid,
		 h->nlink, mtime, (unsigned int)h->size, 0, 0, h->rmajor,
		 h->rminor, (unsigned int)strlen(h->name) + 1, sum);
	put(buf, 110);
	put(h->name, strlen(h->name) + 1);
	pad(4);
	put(h->data, h->size);
	pad(4);
}

static unsigned int parse_num(const char *s, int base, const char *what)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, base);
	if (errno || end == s || *end || v > 0xffffffffUL || *s == '-')
		die("bad %s \"%s\"", what, s);
	return v;
}

static unsigned int parse_mode(const char *s)
{
	unsigned int m = parse_num(s, 8, "mode");

	if (m & ~07777U)
		die("mode \"%s\" has bits beyond 07777", s);
	return m;
}

static const char *arc_name(const char *name)
{
	while (*name == '/')
		name++;
	if (!*name)
		die("empty name");
	return name;
}

/* every entry but a file: @f holds MODE UID GID */
static void put_simple(unsigned int type, const char *name, char **f,
		       unsigned int rmajor, unsigned int rminor,
		       const char *target)
{
	struct hdr h = {
		.ino = next_ino++, .mode = type | parse_mode(f[0]),
		.uid = parse_num(f[1], 10, "uid"),
		.gid = parse_num(f[2], 10, "gid"),
		.nlink = type == S_IFDIR ? 2 : 1, .rmajor = rmajor,
		.rminor = rminor, .name = arc_name(name), .data = target,
		.size = target ? strlen(target) : 0,
	};

	put_entry(&h);
}

/* ${VAR} from the environment, the rest as it is */
static char *expand(const char *s)
{
	size_t cap = strlen(s) + 1, len = 0;
	char *out = malloc(cap);

	while (out && *s) {
		const char *val = NULL, *end;
		size_t n = 1;

		if (s[0] == '$' && s[1] == '{' && (end = strchr(s, '}'))) {
			char var[256];

			if ((size_t)(end - s - 2) >= sizeof(var))
				die("variable name too long in \"%s\"", s);
			memcpy(var, s + 2, end - s - 2);
			var[end - s - 2] = 0;
			val = getenv(var);
			if (!val)
				die("${%s} is not set", var);
			n = strlen(val);
			s = end + 1;
		} else {
			val = s++;
		}
		if (len + n + 1 > cap)
			out = realloc(out, cap = (len + n + 1) * 2);
		if (out)
			memcpy(out + len, val, n);
		len += n;
	}
	if (!out)
		die("out of memory");
	out[len] = 0;
	return out;
}

static void *read_file(const char *path, size_t *size)
{
	struct stat st;
	FILE *f = fopen(path, "rb");
	void *p;

	if (!f || fstat(fileno(f), &st))
		die("%s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		die("%s: not a regular file", path);
	*size = st.st_size;
	p = malloc(*size ? *size : 1);
	if (!p || fread(p, 1, *size, f) != *size)
		die("%s: read failed", path);
	fclose(f);
	return p;
}

/* file NAME LOCATION MODE UID GID [LINKS...]: Linux puts the data on the
 * last of the names only, the others share its inode with size 0 */
static void do_file(char **f, int n)
{
	char *loc = expand(f[1]);
	struct hdr h = {
		.ino = next_ino++, .mode = S_IFREG | parse_mode(f[2]),
		.uid = parse_num(f[3], 10, "uid"),
		.gid = parse_num(f[4], 10, "gid"), .nlink = n - 4,
	};
	size_t size;
	void *data = read_file(loc, &size);
	int i;

	for (i = 0; i < n - 4; i++) {
		h.name = arc_name(i ? f[4 + i] : f[0]);
		h.data = i == n - 5 ? data : NULL;
		h.size = i == n - 5 ? size : 0;
		put_entry(&h);
	}
	free(data);
	free(loc);
}

/* nod NAME MODE UID GID TYPE MAJ MIN */
static void do_nod(char **f)
{
	unsigned int type;

	if (!strcmp(f[4], "c"))
		type = S_IFCHR;
	else if (!strcmp(f[4], "b"))
		type = S_IFBLK;
	else
		die("device type \"%s\" is neither b nor c", f[4]);
	put_simple(type, f[0], f + 1, parse_num(f[5], 10, "major"),
		   parse_num(f[6], 10, "minor"), NULL);
}

/* @f: the line's fields after the type, @n of them */
static void do_line(const char *type, char **f, int n)
{
	if (!strcmp(type, "file") && n >= 5)
		do_file(f, n);
	else if (!strcmp(type, "dir") && n == 4)
		put_simple(S_IFDIR, f[0], f + 1, 0, 0, NULL);
	else if (!strcmp(type, "pipe") && n == 4)
		put_simple(S_IFIFO, f[0], f + 1, 0, 0, NULL);
	else if (!strcmp(type, "sock") && n == 4)
		put_simple(S_IFSOCK, f[0], f + 1, 0, 0, NULL);
	else if (!strcmp(type, "slink") && n == 5)
		put_simple(S_IFLNK, f[0], f + 2, 0, 0, f[1]);
	else if (!strcmp(type, "nod") && n == 7)
		do_nod(f);
	else
		die("unknown type \"%s\" or wrong number of fields (%d)",
		    type, n);
}

static void do_list(FILE *in)
{
	char *line = NULL, *f[MAX_FIELDS], *save;
	size_t cap = 0;
	int n;

	while (getline(&line, &cap, in) > 0) {
		lineno++;
		n = 0;
		for (f[n] = strtok_r(line, " \t\r\n", &save); f[n];
		     f[n] = strtok_r(NULL, " \t\r\n", &save))
			if (++n == MAX_FIELDS)
				die("too many fields");
		if (!n || f[0][0] == '#')
			continue;
		do_line(f[0], f + 1, n - 1);
	}
	free(line);
}

static void usage(const char *prog)
{
	fprintf(stderr, "Usage: %s [-t <timestamp>] [-c] <cpio_list>\n"
		"Writes a newc cpio archive of the entries in <cpio_list> "
		"to stdout.\n"
		"  -t  mtime of every entry, seconds since the epoch "
		"(default 0)\n"
		"  -c  write 070702 headers with data checksums\n", prog);
	exit(2);
}

int main(int argc, char **argv)
{
	struct hdr trailer = { .nlink = 1, .name = "TRAILER!!!" };
	FILE *in;
	int i;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "-c"))
			crc = 1;
		else if (!strcmp(argv[i], "-t") && i + 1 < argc)
			mtime = parse_num(argv[++i], 10, "timestamp");
		else
			usage(argv[0]);
	}
	if (i != argc - 1)
		usage(argv[0]);
	list_name = argv[i];
	in = strcmp(list_name, "-") ? fopen(list_name, "r") : stdin;
	if (!in) {
		fprintf(stderr, "gen_init_cpio: %s: %s\n", list_name,
			strerror(errno));
		return 1;
	}
	do_list(in);
	put_entry(&trailer);
	/* as Linux's tool: the archive ends on a 512-byte boundary */
	pad(512);
	if (fflush(stdout)) {
		fprintf(stderr, "gen_init_cpio: write: %s\n", strerror(errno));
		return 1;
	}
	return 0;
}
