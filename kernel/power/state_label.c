// SPDX-License-Identifier: GPL-2.0
/*
 * The words of /sys/power/state, with Linux 6.1's rules: reading lists
 * the supported states separated by spaces, ending in a newline (nothing
 * at all when none is supported); writing one word, optionally followed
 * by a newline, picks a state.  Pure: kernel/power/main.c owns the file,
 * and the host tests feed these functions what user space could write.
 */
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/suspend.h>

/**
 * pm_decode_state() - the sleep state a write to /sys/power/state names
 * @labels: PM_SUSPEND_MAX entries, the word for each supported state
 *	(NULL for the others)
 * @buf: what was written, not NUL-terminated
 * @n: its length
 *
 * Everything from the first newline on is ignored, and the rest must be
 * exactly a supported state's word.  Returns the state, PM_SUSPEND_MAX
 * for "disk" (hibernation, which Linux decodes apart from the sleep
 * states), or PM_SUSPEND_ON when nothing matches.
 */
suspend_state_t pm_decode_state(const char *const *labels, const char *buf,
				size_t n)
{
	const char *nl = memchr(buf, '\n', n);
	size_t len = nl ? (size_t)(nl - buf) : n;
	suspend_state_t state;

	if (len == 4 && !strncmp(buf, "disk", 4))
		return PM_SUSPEND_MAX;
	for (state = PM_SUSPEND_MIN; state < PM_SUSPEND_MAX; state++) {
		const char *label = labels[state];

		if (label && len == strlen(label) && !strncmp(buf, label, len))
			return state;
	}
	return PM_SUSPEND_ON;
}

/**
 * pm_states_show() - what reading /sys/power/state gives
 * @labels: as for pm_decode_state()
 * @buf: where to write it
 * @size: room in @buf
 *
 * Returns the number of bytes written, with no NUL: 0 when no state is
 * supported, as Linux prints nothing then.  A label that does not fit is
 * left out.
 */
size_t pm_states_show(const char *const *labels, char *buf, size_t size)
{
	suspend_state_t state;
	size_t n = 0, len;

	for (state = PM_SUSPEND_MIN; state < PM_SUSPEND_MAX; state++) {
		if (!labels[state])
			continue;
		len = strlen(labels[state]);
		if (len + 1 > size - n)
			break;
		memcpy(buf + n, labels[state], len);
		n += len;
		buf[n++] = ' ';
	}
	if (n)
		buf[n - 1] = '\n';	/* the last space becomes the newline */
	return n;
}
