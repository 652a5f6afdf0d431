// SPDX-License-Identifier: GPL-2.0
/*
 * A text console on a 32-bpp linear framebuffer: the kernel log and the
 * shell, in cachet's 8x16 font, light grey on black, with a block cursor
 * where the next character will go.
 *
 * Redrawing is what costs: every pixel written is an MMIO store, and
 * under QEMU's TCG each store is emulated.  So the console keeps two
 * character grids in RAM, the text as it should look (a ring of rows:
 * scrolling moves the ring's top, not characters) and what each cell of
 * the screen shows now.  After each write only the cells that differ are
 * drawn, a row's changed span at a time, composed in RAM and copied out
 * with one memcpy_toio() per pixel row.  Scrolling a screen of short
 * lines thus rewrites only where the old and new lines differ; blank
 * cells that stay blank cost nothing.  The framebuffer is never read.
 */
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/fb.h>
#include <linux/font.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/io.h>

#define FBCON_MAX_COLS	256
#define FBCON_MAX_ROWS	128
#define FBCON_FG	0x00aaaaaaU	/* Linux's console grey */
#define FBCON_BG	0x00000000U
#define FBCON_TAB	8
/* in the grid of drawn cells: the cell shows the cursor block */
#define FBCON_CURSOR	0x100

struct fbcon {
	struct fb_info *info;		/* NULL: detached, draws nothing */
	bool registered;		/* with the console layer, once */
	const struct font_desc *font;
	unsigned int cols, rows;
	unsigned int top;		/* ring index of the first screen row */
	unsigned int x, y;		/* cursor; x == cols: wrap pending */
	char text[FBCON_MAX_ROWS][FBCON_MAX_COLS];
	u16 drawn[FBCON_MAX_ROWS][FBCON_MAX_COLS];
	u32 line[FBCON_MAX_COLS * 8];	/* one pixel row being composed */
};

static struct fbcon fbcon;
static DEFINE_SPINLOCK(fbcon_lock);

static char *fbcon_row(struct fbcon *fc, unsigned int y)
{
	return fc->text[(fc->top + y) % fc->rows];
}

static u16 fbcon_want(struct fbcon *fc, unsigned int y, unsigned int x)
{
	unsigned int cx = min(fc->x, fc->cols - 1);
	u16 c = (u8)fbcon_row(fc, y)[x];

	return y == fc->y && x == cx ? c | FBCON_CURSOR : c;
}

/* draw cells [x0, x1) of screen row @y as fbcon_want() says */
static void fbcon_draw_span(struct fbcon *fc, unsigned int y, unsigned int x0,
			    unsigned int x1)
{
	const struct font_desc *f = fc->font;
	struct fb_info *info = fc->info;
	unsigned int py, x, i;
	u8 __iomem *dst;

	for (py = 0; py < f->height; py++) {
		u32 *p = fc->line;

		for (x = x0; x < x1; x++) {
			u16 w = fbcon_want(fc, y, x);
			u8 c = w & 0xff, bits = 0;

			if (c >= f->first && c <= f->last)
				bits = f->data[(c - f->first) * f->height + py];
			if (w & FBCON_CURSOR)
				bits = ~bits;
			for (i = 0; i < 8; i++)
				*p++ = bits & (0x80 >> i) ? FBCON_FG : FBCON_BG;
		}
		dst = (u8 __iomem *)info->screen_base +
		      (unsigned long)(y * f->height + py) * info->line_length +
		      x0 * 8 * sizeof(u32);
		memcpy_toio(dst, fc->line, (x1 - x0) * 8 * sizeof(u32));
	}
	for (x = x0; x < x1; x++)
		fc->drawn[y][x] = fbcon_want(fc, y, x);
}

/* bring the screen in line with the text and the cursor */
static void fbcon_flush(struct fbcon *fc)
{
	unsigned int y, x, x0, x1;

	for (y = 0; y < fc->rows; y++) {
		x0 = fc->cols;
		x1 = 0;
		for (x = 0; x < fc->cols; x++) {
			if (fbcon_want(fc, y, x) == fc->drawn[y][x])
				continue;
			if (x0 == fc->cols)
				x0 = x;
			x1 = x + 1;
		}
		if (x0 < x1)
			fbcon_draw_span(fc, y, x0, x1);
	}
}

static void fbcon_newline(struct fbcon *fc)
{
	fc->x = 0;
	if (fc->y + 1 < fc->rows) {
		fc->y++;
		return;
	}
	/* scroll: the old top row becomes the new, empty, bottom row */
	fc->top = (fc->top + 1) % fc->rows;
	memset(fbcon_row(fc, fc->y), ' ', fc->cols);
}

static void fbcon_putc(struct fbcon *fc, char c)
{
	switch (c) {
	case '\n':
		fbcon_newline(fc);
		return;
	case '\r':
		fc->x = 0;
		return;
	case '\b':
		if (fc->x)
			fc->x = min(fc->x, fc->cols) - 1;
		return;
	case '\t':
		do
			fbcon_putc(fc, ' ');
		while (fc->x % FBCON_TAB && fc->x < fc->cols);
		return;
	}
	if ((u8)c < ' ')
		return;			/* other control characters: nothing */
	if ((u8)c > '~')
		c = '?';
	if (fc->x == fc->cols)
		fbcon_newline(fc);
	fbcon_row(fc, fc->y)[fc->x++] = c;
}

static void fbcon_write(struct console *con, const char *s, unsigned int n)
{
	unsigned long flags;

	spin_lock_irqsave(&fbcon_lock, flags);
	/* detached (fbcon_exit()): the mapping may be gone already */
	if (fbcon.info) {
		while (n--)
			fbcon_putc(&fbcon, *s++);
		fbcon_flush(&fbcon);
	}
	spin_unlock_irqrestore(&fbcon_lock, flags);
}

static struct console fbcon_console = {
	.name = "fbcon",
	.write = fbcon_write,
	.flags = CON_PRINTBUFFER,
};

/**
 * fbcon_redraw() - draw the whole screen again
 *
 * For when the framebuffer's contents were lost (suspend to RAM resets
 * the device): every cell counts as unknown, so the next flush draws
 * them all.
 */
void fbcon_redraw(void)
{
	unsigned long flags;

	if (!fbcon.info)
		return;
	spin_lock_irqsave(&fbcon_lock, flags);
	/* no cell wants 0xffff: a character is 8 bits, plus the cursor */
	memset(fbcon.drawn, 0xff, sizeof(fbcon.drawn));
	fbcon_flush(&fbcon);
	spin_unlock_irqrestore(&fbcon_lock, flags);
}

/**
 * fbcon_init() - run a text console on a framebuffer
 * @info: the framebuffer, mapped and set to @info->xres x @info->yres at
 *        32 bpp, cleared to black
 *
 * Registers the console, which first shows the log so far; called again
 * after fbcon_exit() (a firmware framebuffer replaced by the device's
 * driver), moves the console to @info and shows the log there.  Returns
 * 0, or -EINVAL when the geometry does not fit.
 */
int fbcon_init(struct fb_info *info)
{
	const struct font_desc *font = &font_8x16;
	unsigned int cols, rows, y, x;
	struct fbcon *fc = &fbcon;
	unsigned long flags, pos = 0, n;
	bool registered;
	char chunk[256];

	cols = min(info->xres / font->width, FBCON_MAX_COLS);
	rows = min(info->yres / font->height, FBCON_MAX_ROWS);
	if (!cols || !rows ||
	    (unsigned long)info->line_length * info->yres > info->size ||
	    info->line_length < info->xres * sizeof(u32))
		return -EINVAL;
	spin_lock_irqsave(&fbcon_lock, flags);
	registered = fc->registered;
	fc->font = font;
	fc->cols = cols;
	fc->rows = rows;
	fc->info = info;
	fc->top = fc->x = fc->y = 0;
	/* the screen starts black: blank cells without a cursor */
	for (y = 0; y < fc->rows; y++) {
		memset(fc->text[y], ' ', fc->cols);
		for (x = 0; x < fc->cols; x++)
			fc->drawn[y][x] = ' ';
	}
	fc->registered = true;
	spin_unlock_irqrestore(&fbcon_lock, flags);
	pr_info("fbcon: %s: %ux%u text console, font %s\n", info->name,
		fc->cols, fc->rows, fc->font->name);
	if (!registered) {
		register_console(&fbcon_console);
		return 0;
	}
	/* a new framebuffer for the console: show the log so far again */
	while ((n = log_buf_read(&pos, chunk, sizeof(chunk))))
		fbcon_write(&fbcon_console, chunk, n);
	return 0;
}

/**
 * fbcon_exit() - stop drawing on @info
 * @info: a framebuffer about to be unregistered
 *
 * If the console runs on @info, it stops: once this returns nothing
 * writes through @info's mapping any more, so its driver may unmap it.
 * The console stays registered, blank, until fbcon_init() gives it the
 * next framebuffer.
 */
void fbcon_exit(struct fb_info *info)
{
	unsigned long flags;

	spin_lock_irqsave(&fbcon_lock, flags);
	if (fbcon.info == info)
		fbcon.info = NULL;
	spin_unlock_irqrestore(&fbcon_lock, flags);
}
