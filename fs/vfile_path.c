// SPDX-License-Identifier: GPL-2.0
/*
 * Path lookup for the virtual files, pure (see
 * Documentation/process/conventions.rst): the walk asks a caller's
 * function what each step is, so the kernel runs it against the registry
 * and the host tests against a made-up tree.
 *
 * The rules are Linux's path walk, with "/" as the working directory:
 *   - an empty path names nothing: -ENOENT (ls "" and cat "" fail);
 *   - each component is looked up in the directory reached so far, so a
 *     missing one is -ENOENT even when ".." would step back out of it;
 *   - a component followed by a slash, with more after it or not, must be
 *     a directory: "/proc/meminfo/" and "/proc/meminfo/x" are -ENOTDIR;
 *   - "." stays, ".." goes up ("/.." is "/"); repeated slashes count as one.
 */
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/vfile.h>

/* append "/@name" (@n bytes) to @out, which holds @*len bytes */
static int vfile_path_push(char *out, size_t size, size_t *len,
			   const char *name, size_t n)
{
	size_t sep = *len > 1;

	if (*len + sep + n >= size)
		return -ENAMETOOLONG;
	if (sep)
		out[(*len)++] = '/';
	memcpy(out + *len, name, n);
	*len += n;
	out[*len] = '\0';
	return 0;
}

/* drop the last component of @out ("/" stays "/") */
static void vfile_path_pop(char *out, size_t *len)
{
	while (*len > 1 && out[*len - 1] != '/')
		(*len)--;
	if (*len > 1)
		(*len)--;
	out[*len] = '\0';
}

/**
 * vfile_path_walk() - resolve a path as typed, step by step
 * @path: absolute, or relative to "/"
 * @out: receives the resolved path, "/" or "/a/b" with no trailing slash
 * @size: size of @out
 * @lookup: what is at a resolved path: VFILE_REG, VFILE_DIR or -ENOENT
 * @arg: passed to @lookup
 *
 * Returns what @path names (VFILE_REG or VFILE_DIR), or -ENOENT, -ENOTDIR,
 * or -ENAMETOOLONG when a resolved path does not fit in @out.
 */
int vfile_path_walk(const char *path, char *out, size_t size,
		    vfile_lookup_t lookup, void *arg)
{
	int type = VFILE_DIR;
	size_t len = 1, n;
	int ret;

	if (!*path)
		return -ENOENT;
	if (size < 2)
		return -ENAMETOOLONG;
	out[0] = '/';
	out[1] = '\0';
	for (;;) {
		while (*path == '/')
			path++;
		if (!*path)
			return type;
		n = strcspn(path, "/");
		if (n == 2 && path[0] == '.' && path[1] == '.') {
			/* only directories are walked through */
			vfile_path_pop(out, &len);
			type = VFILE_DIR;
		} else if (!(n == 1 && path[0] == '.')) {
			ret = vfile_path_push(out, size, &len, path, n);
			if (ret)
				return ret;
			type = lookup(out, arg);
			if (type < 0)
				return type;
		}
		path += n;
		if (*path == '/' && type != VFILE_DIR)
			return -ENOTDIR;
	}
}
