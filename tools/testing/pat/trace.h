/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memtype traces (shared/bench/TRACE-FORMAT.md): parsing into memory and
 * the result lines and digest, shared by memtype-replay and the tests.
 */
#ifndef _PAT_TRACE_H
#define _PAT_TRACE_H

#include <stddef.h>
#include <stdint.h>

enum trace_kind { TRACE_R, TRACE_S, TRACE_F, TRACE_L };

/* Result codes: 0..5 are cache modes (enum page_cache_mode). */
enum trace_res { TRACE_OK = 6, TRACE_EBUSY, TRACE_EINVAL, TRACE_NONE };

struct trace_op {
	uint64_t a, b;
	unsigned char kind, mode;
};

extern const char *const trace_mode_names[6];

/*
 * Parse the trace at @path; exits with a message naming the line on a
 * malformed line.  Returns the operations, *nops their number.
 */
struct trace_op *trace_parse(const char *path, size_t *nops);

/* The result line for code @res of @op ("ok wc", "ebusy", ...). */
const char *trace_result_line(const struct trace_op *op, unsigned char res,
			      char buf[16]);

/* FNV-1a over every result line, each followed by a newline. */
uint64_t trace_digest(const struct trace_op *ops, const unsigned char *res,
		      size_t n);

#endif /* _PAT_TRACE_H */
