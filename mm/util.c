// SPDX-License-Identifier: GPL-2.0
/*
 * kvmalloc(): kmalloc() when the buddy allocator has the block, vmalloc()
 * otherwise.  A kmalloc()ed buffer lives in the direct map, so getting
 * and freeing it changes no page table: no transaction, and above all no
 * cross-CPU invalidation at free, which every vfree() needs.  exec's
 * argument and stack buffers are the reason: one shootdown per buffer
 * per execve() cost more than the rest of the call.
 */
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

/**
 * is_vmalloc_addr() - is @x in the vmalloc area?
 * @x: a kernel address
 */
bool is_vmalloc_addr(const void *x)
{
	unsigned long a = (unsigned long)x;

	return a >= VMALLOC_START && a <= VMALLOC_END;
}

static void *kvmalloc_try_kmalloc(size_t size, gfp_t gfp)
{
	if (size > KMALLOC_MAX_SIZE)
		return NULL;
	/* a large block may be missing while single pages are not */
	return kmalloc(size, size > PAGE_SIZE ? gfp | __GFP_NOWARN : gfp);
}

/**
 * kvmalloc() - memory that need not be physically contiguous
 * @size: bytes
 * @gfp: GFP_KERNEL, optionally | __GFP_ZERO
 *
 * Free it with kvfree().  Returns NULL when neither allocator has room.
 */
void *kvmalloc(size_t size, gfp_t gfp)
{
	void *p = kvmalloc_try_kmalloc(size, gfp);

	if (p || size <= PAGE_SIZE)
		return p;
	return (gfp & __GFP_ZERO) ? vzalloc(size) : vmalloc(size);
}

/**
 * kvzalloc() - kvmalloc() of zeroed memory
 * @size: bytes
 * @gfp: GFP_KERNEL
 */
void *kvzalloc(size_t size, gfp_t gfp)
{
	return kvmalloc(size, gfp | __GFP_ZERO);
}

/**
 * kvfree() - free what kvmalloc() returned
 * @addr: the memory, or NULL
 */
void kvfree(const void *addr)
{
	if (is_vmalloc_addr(addr))
		vfree(addr);
	else
		kfree(addr);
}
