// SPDX-License-Identifier: GPL-2.0
/*
 * kmalloc: twelve size classes (8 .. 4096 bytes), each a list of one-page
 * slabs that still have free objects.  A slab's bookkeeping lives in its
 * struct page (class, objects in use, first free object), and each free
 * object holds the offset of the next free one in its first two bytes,
 * so a slab page is all objects.  A slab whose last object is freed goes
 * straight back to the buddy allocator: memory is scarce in small guests
 * and tests can then see exact page counts.
 *
 * Requests above 4096 bytes take a buddy block of the smallest order and
 * are marked PG_large_kmalloc, so kfree() finds the order in the page.
 *
 * Objects of class size s sit at multiples of s in a page-aligned slab:
 * power-of-two classes are naturally aligned, 96 is 32-byte and 192 is
 * 64-byte aligned; every object is at least 8-byte aligned.
 *
 * Each class has its own IRQ-safe lock; the buddy allocator's lock nests
 * inside it.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

struct kmalloc_class {
	spinlock_t lock;
	unsigned int size;
	struct list_head partial;	/* slabs with a free object */
	unsigned long objects;		/* in use */
	unsigned long slabs;
};

static struct kmalloc_class kmalloc_classes[KMALLOC_NR_CLASSES] = {
	{ .size = 8 }, { .size = 16 }, { .size = 32 }, { .size = 64 },
	{ .size = 96 }, { .size = 128 }, { .size = 192 }, { .size = 256 },
	{ .size = 512 }, { .size = 1024 }, { .size = 2048 }, { .size = 4096 },
};

static bool kmalloc_ready;

/* failslab: successes left before kmalloc() fails, negative: off */
static DEFINE_SPINLOCK(failslab_lock);
static long failslab_after = -1;
static unsigned long failslab_injected;

static bool should_failslab(void)
{
	unsigned long flags;
	bool fail = false;

	/* unlocked look first: off is the case that must cost nothing */
	if (READ_ONCE(failslab_after) < 0)
		return false;
	spin_lock_irqsave(&failslab_lock, flags);
	if (failslab_after > 0) {
		failslab_after--;
	} else if (failslab_after == 0) {
		failslab_injected++;
		fail = true;
	}
	spin_unlock_irqrestore(&failslab_lock, flags);
	return fail;
}

/**
 * fail_slab_alloc_after() - make kmalloc() fail, for tests
 * @n: successful kmalloc() calls still allowed; negative disarms
 */
void fail_slab_alloc_after(long n)
{
	unsigned long flags;

	spin_lock_irqsave(&failslab_lock, flags);
	failslab_after = n;
	spin_unlock_irqrestore(&failslab_lock, flags);
}

/* kmalloc() failures injected since boot */
unsigned long fail_slab_injected(void)
{
	return READ_ONCE(failslab_injected);
}

/* the class holding @size bytes, @size in 1..KMALLOC_MAX_CACHE_SIZE */
static unsigned int kmalloc_index(size_t size)
{
	unsigned int i = 0;

	while (kmalloc_classes[i].size < size)
		i++;
	return i;
}

/**
 * kmalloc_size_roundup() - bytes kmalloc(@size) really reserves
 * @size: requested size
 *
 * The class size, or the buddy block size above the largest class; 0 for
 * 0, and @size itself when it is too large to allocate at all.
 */
size_t kmalloc_size_roundup(size_t size)
{
	if (!size)
		return 0;
	if (size <= KMALLOC_MAX_CACHE_SIZE)
		return kmalloc_classes[kmalloc_index(size)].size;
	if (size > KMALLOC_MAX_SIZE)
		return size;
	return PAGE_SIZE << get_order(size);
}

/* chain every object of a fresh slab page into its free list */
static void slab_init_page(struct page *page, unsigned int idx)
{
	unsigned int size = kmalloc_classes[idx].size;
	unsigned int n = PAGE_SIZE / size, i;
	char *base = page_address(page);

	for (i = 0; i < n; i++)
		*(u16 *)(base + i * size) =
			i + 1 < n ? (u16)((i + 1) * size) : SLAB_FREE_NONE;
	set_page_flag(page, PG_slab);
	page->slab_class = idx;
	page->slab_inuse = 0;
	page->slab_free = 0;
}

static void *slab_alloc(unsigned int idx, gfp_t gfp)
{
	struct kmalloc_class *c = &kmalloc_classes[idx];
	struct page *page, *fresh = NULL;
	unsigned long flags;
	void *obj;

	/*
	 * Get a page before taking the lock when none is partial; another
	 * CPU may have refilled meanwhile, and then the spare goes back.
	 */
	for (;;) {
		spin_lock_irqsave(&c->lock, flags);
		if (!list_empty(&c->partial))
			break;
		if (fresh) {
			list_add(&fresh->lru, &c->partial);
			c->slabs++;
			fresh = NULL;
			break;
		}
		spin_unlock_irqrestore(&c->lock, flags);
		fresh = alloc_page(gfp & ~__GFP_ZERO);
		if (!fresh)
			return NULL;
		slab_init_page(fresh, idx);
	}
	page = list_first_entry(&c->partial, struct page, lru);
	obj = (char *)page_address(page) + page->slab_free;
	page->slab_free = *(u16 *)obj;
	page->slab_inuse++;
	if (page->slab_free == SLAB_FREE_NONE)
		list_del(&page->lru);
	c->objects++;
	spin_unlock_irqrestore(&c->lock, flags);

	if (fresh) {
		clear_page_flag(fresh, PG_slab);
		__free_page(fresh);
	}
	if (gfp & __GFP_ZERO)
		memset(obj, 0, c->size);
	return obj;
}

static void slab_free(struct page *page, const void *p)
{
	struct kmalloc_class *c = &kmalloc_classes[page->slab_class];
	unsigned long off = (unsigned long)p & ~PAGE_MASK;
	unsigned long flags;
	bool empty;

	if (WARN_ON_ONCE(off % c->size))
		return;
	spin_lock_irqsave(&c->lock, flags);
	if (WARN_ON_ONCE(!page->slab_inuse)) {
		spin_unlock_irqrestore(&c->lock, flags);
		return;
	}
	/* a full slab is on no list: it becomes partial again */
	if (page->slab_free == SLAB_FREE_NONE)
		list_add(&page->lru, &c->partial);
	*(u16 *)p = page->slab_free;
	page->slab_free = off;
	page->slab_inuse--;
	c->objects--;
	empty = !page->slab_inuse;
	if (empty) {
		list_del(&page->lru);
		c->slabs--;
	}
	spin_unlock_irqrestore(&c->lock, flags);

	if (empty) {
		clear_page_flag(page, PG_slab);
		page->slab_free = SLAB_FREE_NONE;
		__free_page(page);
	}
}

/**
 * kmalloc() - allocate @size bytes
 * @size: bytes; 0 gives ZERO_SIZE_PTR
 * @gfp: GFP_KERNEL or GFP_ATOMIC, optionally | __GFP_ZERO
 *
 * Returns memory aligned to at least 8 bytes (to the size for power-of-
 * two classes), or NULL.
 */
void *kmalloc(size_t size, gfp_t gfp)
{
	struct page *page;

	if (!size)
		return ZERO_SIZE_PTR;
	if (WARN_ON_ONCE(!kmalloc_ready) || should_failslab())
		return NULL;
	if (size <= KMALLOC_MAX_CACHE_SIZE)
		return slab_alloc(kmalloc_index(size), gfp);
	if (size > KMALLOC_MAX_SIZE)
		return NULL;
	page = alloc_pages(gfp, get_order(size));
	if (!page)
		return NULL;
	set_page_flag(page, PG_large_kmalloc);
	return page_address(page);
}

/**
 * kzalloc() - kmalloc() of zeroed memory
 * @size: bytes
 * @gfp: allocation flags
 */
void *kzalloc(size_t size, gfp_t gfp)
{
	return kmalloc(size, gfp | __GFP_ZERO);
}

/**
 * kcalloc() - zeroed array of @n elements of @size bytes
 * @n: elements
 * @size: bytes each
 * @gfp: allocation flags
 *
 * Returns NULL when n * size overflows.
 */
void *kcalloc(size_t n, size_t size, gfp_t gfp)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return kzalloc(n * size, gfp);
}

/**
 * kfree() - free memory from kmalloc()
 * @p: the pointer kmalloc() returned; NULL and ZERO_SIZE_PTR are ignored
 */
void kfree(const void *p)
{
	struct page *page;

	if (ZERO_OR_NULL_PTR(p))
		return;
	page = virt_to_page(p);
	if (PageSlab(page)) {
		slab_free(page, p);
	} else if (page_flag(page, PG_large_kmalloc) &&
		   !WARN_ON_ONCE(p != page_address(page))) {
		__free_pages(page, page->order);
	} else {
		WARN(1, "kfree: %p was not allocated by kmalloc\n", p);
	}
}

/**
 * ksize() - usable size of a kmalloc() allocation
 * @p: the pointer kmalloc() returned
 */
size_t ksize(const void *p)
{
	struct page *page;

	if (ZERO_OR_NULL_PTR(p))
		return 0;
	page = virt_to_page(p);
	if (PageSlab(page))
		return kmalloc_classes[page->slab_class].size;
	return PAGE_SIZE << page->order;
}

int kmalloc_class_stats(unsigned int idx, struct kmalloc_class_stats *st)
{
	struct kmalloc_class *c;
	unsigned long flags;

	if (idx >= KMALLOC_NR_CLASSES)
		return -EINVAL;
	c = &kmalloc_classes[idx];
	spin_lock_irqsave(&c->lock, flags);
	st->size = c->size;
	st->objects = c->objects;
	st->slabs = c->slabs;
	spin_unlock_irqrestore(&c->lock, flags);
	return 0;
}

unsigned long slab_pages(void)
{
	unsigned long n = 0;
	unsigned int i;

	for (i = 0; i < KMALLOC_NR_CLASSES; i++)
		n += READ_ONCE(kmalloc_classes[i].slabs);
	return n;
}

/**
 * kmalloc_init() - make kmalloc() usable; after mem_init()
 */
void kmalloc_init(void)
{
	unsigned int i;

	for (i = 0; i < KMALLOC_NR_CLASSES; i++) {
		spin_lock_init(&kmalloc_classes[i].lock);
		INIT_LIST_HEAD(&kmalloc_classes[i].partial);
	}
	kmalloc_ready = true;
}
