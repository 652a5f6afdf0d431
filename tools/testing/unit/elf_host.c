// SPDX-License-Identifier: GPL-2.0
/*
 * Host-side helpers of the exec tests (see elf_host.h).  The readelf
 * parser reads "readelf -hlW" as binutils prints it: header fields as
 * "Name: value" lines, one program header per line with the flags column
 * ("R E", "RW ") between the sizes and the alignment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf_host.h"

void *host_memset(void *s, int c, size_t n) { return memset(s, c, n); }
void *host_memcpy(void *d, const void *s, size_t n) { return memcpy(d, s, n); }
const char *host_strstr(const char *h, const char *n) { return strstr(h, n); }
int host_strcmp(const char *a, const char *b) { return strcmp(a, b); }
size_t host_strlen(const char *s) { return strlen(s); }
void host_free(void *p) { free(p); }

void *host_dup(const void *p, size_t n)
{
	void *q = malloc(n ? n : 1);

	if (q && n)
		memcpy(q, p, n);
	return q;
}

bool host_is_pow2(unsigned long long v)
{
	return v && !(v & (v - 1));
}

static const char test_program[] =
	"static char bss[200000];\n"
	"int data = 42;\n"
	"int main(int argc, char **argv)\n"
	"{\n"
	"\tbss[argc] = (char)data;\n"
	"\treturn bss[1] != 42 || !argv[0];\n"
	"}\n";

int elf_host_build(const char *cc, const char *flags, char *path,
		   size_t size)
{
	char dir[] = "/tmp/cachet-elf-XXXXXX";
	char cmd[1024];
	FILE *f;

	if (!mkdtemp(dir))
		return -1;
	snprintf(cmd, sizeof(cmd), "%s/prog.c", dir);
	f = fopen(cmd, "w");
	if (!f)
		return -1;
	fputs(test_program, f);
	fclose(f);
	snprintf(path, size, "%s/prog", dir);
	snprintf(cmd, sizeof(cmd), "%s %s -o %s %s/prog.c >/dev/null 2>&1",
		 cc, flags, path, dir);
	if (system(cmd) == 0)
		return 0;
	elf_host_remove(path);
	return -1;
}

void elf_host_remove(const char *path)
{
	char buf[512];
	char *slash;

	snprintf(buf, sizeof(buf), "%s", path);
	unlink(buf);
	slash = strrchr(buf, '/');
	if (!slash)
		return;
	strcpy(slash, "/prog.c");
	unlink(buf);
	*slash = '\0';
	rmdir(buf);
}

int elf_host_slurp(const char *path, void **data, size_t *size)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	*data = malloc(n);
	*size = n;
	if (!*data || fread(*data, 1, n, f) != (size_t)n) {
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

/* "  TYPE 0xoff 0xvaddr 0xpaddr 0xfilesz 0xmemsz FLAGS 0xalign" */
static int parse_phdr_line(const char *line, struct readelf_info *ri)
{
	char type[32], flags[8] = "";
	unsigned long long off, vaddr, paddr, filesz, memsz, align;
	const char *align_at;
	int n;

	if (sscanf(line, " %31s %llx %llx %llx %llx %llx %n", type, &off,
		   &vaddr, &paddr, &filesz, &memsz, &n) != 6)
		return 0;
	align_at = strrchr(line, ' ');
	if (!align_at || sscanf(align_at, " %llx", &align) != 1)
		return 0;
	snprintf(flags, sizeof(flags), "%.*s", (int)(align_at - line - n),
		 line + n);
	if (!strcmp(type, "PHDR")) {
		ri->has_pt_phdr = true;
		ri->pt_phdr = vaddr;
	} else if (!strcmp(type, "INTERP")) {
		ri->has_interp = true;
	} else if (!strcmp(type, "GNU_STACK")) {
		ri->has_stack = true;
		ri->stack_x = strchr(flags, 'E') != NULL;
	} else if (!strcmp(type, "LOAD") && ri->nr < 64) {
		struct readelf_seg *s = &ri->seg[ri->nr++];

		s->load = true;
		s->offset = off;
		s->vaddr = vaddr;
		s->filesz = filesz;
		s->memsz = memsz;
		s->align = align;
		s->r = strchr(flags, 'R') != NULL;
		s->w = strchr(flags, 'W') != NULL;
		s->x = strchr(flags, 'E') != NULL;
	}
	return 1;
}

int elf_host_readelf(const char *path, struct readelf_info *ri)
{
	char cmd[600], line[512];
	bool in_phdrs = false;
	FILE *p;

	memset(ri, 0, sizeof(*ri));
	snprintf(cmd, sizeof(cmd), "readelf -hlW %s", path);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p)) {
		line[strcspn(line, "\n")] = '\0';
		if (strstr(line, "  Type:"))
			ri->dyn = strstr(line, "DYN") != NULL;
		else if (strstr(line, "Entry point address:"))
			sscanf(strchr(line, ':') + 1, " %llx", &ri->entry);
		else if (strstr(line, "Start of program headers:"))
			sscanf(strchr(line, ':') + 1, " %llu", &ri->phoff);
		else if (strstr(line, "Number of program headers:"))
			sscanf(strchr(line, ':') + 1, " %u", &ri->phnum);
		else if (strstr(line, "Program Headers:"))
			in_phdrs = true;
		else if (strstr(line, "Section to Segment"))
			in_phdrs = false;
		else if (in_phdrs)
			parse_phdr_line(line, ri);
	}
	return pclose(p) == 0 && ri->nr ? 0 : -1;
}
