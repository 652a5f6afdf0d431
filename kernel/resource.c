// SPDX-License-Identifier: GPL-2.0
/*
 * The resource trees: who decodes or owns each range of the physical
 * address space (iomem_resource) and of the I/O ports (ioport_resource).
 *
 * Each node is a closed range [start, end]; children lie inside their
 * parent and never overlap their siblings, which are kept sorted.  A node
 * with IORESOURCE_BUSY is a claim (request_mem_region() and friends):
 * nothing may be requested inside it.  A node without it is a window or a
 * description (a PCI bus window, a BAR nobody drives, "Reserved") that a
 * driver's request may descend into.  That is Linux's model; /proc/iomem
 * prints the tree in Linux's format, and /dev/mem asks
 * iomem_is_exclusive() whether user space may touch a page.
 *
 * One spinlock guards both trees.  Nodes are never freed by the tree:
 * the static ones belong to their callers, those __request_region()
 * allocates are freed by __release_region().
 */
#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/vfile.h>
#include <asm/page_types.h>

struct resource ioport_resource = {
	.name = "PCI IO",
	.start = 0,
	.end = 0xffff,
	.flags = IORESOURCE_IO,
};

struct resource iomem_resource = {
	.name = "PCI mem",
	.start = 0,
	.end = ~0ULL,
	.flags = IORESOURCE_MEM,
};

static DEFINE_SPINLOCK(resource_lock);

/* the node after @p in a depth-first walk, children skipped on request */
static struct resource *next_resource(struct resource *p, bool skip_children)
{
	if (!skip_children && p->child)
		return p->child;
	while (!p->sibling && p->parent)
		p = p->parent;
	return p->sibling;
}

/*
 * Link @new under @root between its sorted siblings.  NULL on success;
 * else the node in the way (@root itself when @new does not fit in it).
 */
static struct resource *__request_resource(struct resource *root,
					   struct resource *new)
{
	struct resource **p, *tmp;

	if (new->end < new->start || new->start < root->start ||
	    new->end > root->end)
		return root;
	for (p = &root->child;; p = &tmp->sibling) {
		tmp = *p;
		if (!tmp || tmp->start > new->end) {
			new->sibling = tmp;
			new->child = NULL;
			new->parent = root;
			*p = new;
			return NULL;
		}
		if (tmp->end >= new->start)
			return tmp;
	}
}

/**
 * request_resource() - make @new a child of @root
 * @root: the parent
 * @new: a range inside @root overlapping none of its children
 *
 * Returns 0, or -EBUSY when @new leaves @root or overlaps a child.
 */
int request_resource(struct resource *root, struct resource *new)
{
	struct resource *conflict;

	spin_lock(&resource_lock);
	conflict = __request_resource(root, new);
	spin_unlock(&resource_lock);
	return conflict ? -EBUSY : 0;
}

/*
 * Put @new at the deepest level that contains it, adopting the nodes of
 * that level it covers entirely; a partial overlap is a conflict.
 */
static int __insert_resource(struct resource *parent, struct resource *new)
{
	struct resource *first, *next, **p;

	for (;;) {
		first = __request_resource(parent, new);
		if (!first)
			return 0;
		if (first == parent)
			return -EBUSY;
		/* an identical node: go below it, as Linux does */
		if (first->start <= new->start && first->end >= new->end) {
			parent = first;
			continue;
		}
		if (first->start < new->start || first->end > new->end)
			return -EBUSY;
		break;
	}
	/* @new covers @first and perhaps more siblings: adopt them */
	for (next = first; next->sibling; next = next->sibling) {
		if (next->sibling->start > new->end)
			break;
		if (next->sibling->end > new->end)
			return -EBUSY;
	}
	new->parent = parent;
	new->sibling = next->sibling;
	new->child = first;
	next->sibling = NULL;
	for (next = first; next; next = next->sibling)
		next->parent = new;
	for (p = &parent->child; *p != first; p = &(*p)->sibling)
		;
	*p = new;
	return 0;
}

/**
 * insert_resource() - insert @new in @parent's subtree, nesting as needed
 * @parent: the root to insert below
 * @new: the range; nodes it covers entirely become its children
 *
 * Returns 0, or -EBUSY when @new partially overlaps a node.
 */
int insert_resource(struct resource *parent, struct resource *new)
{
	int ret;

	spin_lock(&resource_lock);
	ret = __insert_resource(parent, new);
	spin_unlock(&resource_lock);
	return ret;
}

/**
 * release_resource() - unlink @old (a leaf) from its tree
 * @old: a node inserted earlier
 *
 * Returns 0, or -EINVAL when @old is not in a tree or still has children.
 */
int release_resource(struct resource *old)
{
	struct resource **p;
	int ret = -EINVAL;

	spin_lock(&resource_lock);
	if (old->parent && !old->child) {
		for (p = &old->parent->child; *p; p = &(*p)->sibling) {
			if (*p == old) {
				*p = old->sibling;
				old->parent = NULL;
				ret = 0;
				break;
			}
		}
	}
	spin_unlock(&resource_lock);
	return ret;
}

/**
 * __request_region() - claim [start, start + n) for a driver
 * @parent: &iomem_resource or &ioport_resource
 * @start: first address
 * @n: length
 * @name: the owner, shown in /proc/iomem (must outlive the claim)
 * @flags: extra flags, e.g. IORESOURCE_EXCLUSIVE
 *
 * The claim goes below the deepest free (not busy) node containing it.
 * Returns the new node, or NULL when the range is already claimed,
 * overlaps a node partially, or memory ran out.
 */
struct resource *__request_region(struct resource *parent,
				  resource_size_t start, resource_size_t n,
				  const char *name, int flags)
{
	struct resource *res = kzalloc(sizeof(*res), GFP_KERNEL);
	struct resource *conflict;

	if (!res)
		return NULL;
	res->name = name;
	res->start = start;
	res->end = start + n - 1;
	res->flags = (parent->flags & IORESOURCE_TYPE_BITS) | IORESOURCE_BUSY |
		     (unsigned int)flags;
	if (!n || res->end < start) {
		kfree(res);
		return NULL;
	}
	spin_lock(&resource_lock);
	for (;;) {
		conflict = __request_resource(parent, res);
		if (!conflict || conflict == parent ||
		    conflict->flags & IORESOURCE_BUSY)
			break;
		parent = conflict;
	}
	spin_unlock(&resource_lock);
	if (conflict) {
		kfree(res);
		return NULL;
	}
	return res;
}

/**
 * __release_region() - drop the claim __request_region() made
 * @parent: the root it was requested from
 * @start: its first address
 * @n: its length
 *
 * Warns when no claim matches exactly.
 */
void __release_region(struct resource *parent, resource_size_t start,
		      resource_size_t n)
{
	resource_size_t end = start + n - 1;
	struct resource **p, *res;

	spin_lock(&resource_lock);
	p = &parent->child;
	while ((res = *p)) {
		if (res->start <= start && res->end >= end &&
		    !(res->flags & IORESOURCE_BUSY)) {
			p = &res->child;
			continue;
		}
		if (res->start == start && res->end == end &&
		    res->flags & IORESOURCE_BUSY && !res->child) {
			*p = res->sibling;
			spin_unlock(&resource_lock);
			kfree(res);
			return;
		}
		p = &res->sibling;
	}
	spin_unlock(&resource_lock);
	pr_warn("Trying to free nonexistent resource <%016llx-%016llx>\n",
		(unsigned long long)start, (unsigned long long)end);
}

/**
 * region_intersects() - how [start, start + size) meets nodes with @flags
 * @start: first address
 * @size: length
 * @flags: the flags a node must all have, e.g. IORESOURCE_SYSTEM_RAM
 *
 * Returns REGION_INTERSECTS when such nodes cover the whole range,
 * REGION_DISJOINT when none touches it, REGION_MIXED otherwise.
 */
int region_intersects(resource_size_t start, size_t size,
		      unsigned long flags)
{
	resource_size_t end = start + size - 1, covered = 0;
	bool match = false;
	struct resource *p;

	spin_lock(&resource_lock);
	for (p = iomem_resource.child; p; p = next_resource(p, match)) {
		resource_size_t s = max(p->start, start), e = min(p->end, end);

		/* a match's children (Kernel code in System RAM) count once */
		match = (p->flags & flags) == flags;
		if (match && s <= e)
			covered += e - s + 1;
	}
	spin_unlock(&resource_lock);
	if (!covered)
		return REGION_DISJOINT;
	return covered < size ? REGION_MIXED : REGION_INTERSECTS;
}

/**
 * iomem_is_exclusive() - may user space not touch the page of @addr?
 * @addr: a physical address
 *
 * Linux 6.1 with CONFIG_STRICT_DEVMEM and CONFIG_IO_STRICT_DEVMEM: true
 * when a busy node (a driver's claim, or RAM) or exclusive System RAM
 * meets the page.  /dev/mem and the PCI resource files refuse such pages.
 */
bool iomem_is_exclusive(u64 addr)
{
	u64 start = addr & PAGE_MASK, end = start + PAGE_SIZE - 1;
	const unsigned long excl_ram = IORESOURCE_SYSTEM_RAM |
				       IORESOURCE_EXCLUSIVE;
	bool skip = false, ret = false;
	struct resource *p;

	spin_lock(&resource_lock);
	for (p = iomem_resource.child; p; p = next_resource(p, skip)) {
		if (p->start > end)
			break;
		skip = p->end < start;
		if (skip)
			continue;
		if ((p->flags & excl_ram) == excl_ram ||
		    p->flags & IORESOURCE_BUSY) {
			ret = true;
			break;
		}
	}
	spin_unlock(&resource_lock);
	return ret;
}

/* Linux's r_show(): two spaces per level, 4 or 8 hex digits at least */
static int resource_show(struct seq_file *m, void *private)
{
	struct resource *root = private, *p;
	int width = root->end < 0x10000 ? 4 : 8;

	spin_lock(&resource_lock);
	for (p = root->child; p; p = next_resource(p, false)) {
		struct resource *q;
		int depth = 0;

		for (q = p->parent; q != root; q = q->parent)
			depth++;
		seq_printf(m, "%*s%0*llx-%0*llx : %s\n", depth * 2, "", width,
			   (unsigned long long)p->start, width,
			   (unsigned long long)p->end, p->name ? p->name : "<BAD>");
	}
	spin_unlock(&resource_lock);
	return 0;
}

/**
 * resource_proc_init() - create /proc/iomem and /proc/ioports
 */
void resource_proc_init(void)
{
	if (proc_create_single("iomem", resource_show, &iomem_resource) ||
	    proc_create_single("ioports", resource_show, &ioport_resource))
		pr_err("resource: cannot create /proc/iomem or /proc/ioports\n");
}
