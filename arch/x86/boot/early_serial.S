/* SPDX-License-Identifier: GPL-2.0 */
/*
 * COM1 output for the 32-bit entry code, so that a machine the kernel
 * cannot run on says why before it stops.  Every helper returns through
 * %ebp and needs no stack (boot.h); each lists the registers it uses.
 * The UART setup is the 8250 driver's (drivers/tty/serial/8250.c).
 */
#include "boot.h"

#define UART_BASE	0x3f8
#define UART_TX		0
#define UART_DLL	0
#define UART_IER	1
#define UART_DLM	1
#define UART_FCR	2
#define UART_LCR	3
#define UART_MCR	4
#define UART_LSR	5
#define UART_LCR_8N1	0x03
#define UART_LCR_DLAB	0x80
#define UART_FCR_ENABLE	0xc7
#define UART_MCR_OUT	0x0b
#define UART_LSR_THRE	0x20
#define UART_SPINS	100000

#define ISA_DEBUG_EXIT_PORT	0xf4

/* out $val to COM1 register $reg; uses %eax, %edx */
.macro uart_out reg, val
	mov	$(UART_BASE + \reg), %dx
	mov	$\val, %al
	out	%al, %dx
.endm

/*
 * the byte in %cl to COM1, waiting (boundedly, as the driver does) for
 * room; uses %eax (the count lives above %al) and %edx
 */
.macro uart_putc
	mov	$(UART_SPINS << 8), %eax
.Lwait_\@:
	mov	$(UART_BASE + UART_LSR), %dx
	in	%dx, %al
	test	$UART_LSR_THRE, %al
	jnz	.Lsend_\@
	sub	$0x100, %eax
	jnc	.Lwait_\@
.Lsend_\@:
	mov	$(UART_BASE + UART_TX), %dx
	mov	%cl, %al
	out	%al, %dx
.endm

	.code32
	.section .head.text, "ax"

/* early_serial_init - 115200 8N1, FIFOs on; uses %eax, %edx */
	.globl early_serial_init
early_serial_init:
	uart_out UART_IER, 0
	uart_out UART_LCR, UART_LCR_DLAB
	uart_out UART_DLL, 1
	uart_out UART_DLM, 0
	uart_out UART_LCR, UART_LCR_8N1
	uart_out UART_FCR, UART_FCR_ENABLE
	uart_out UART_MCR, UART_MCR_OUT
	jmp	*%ebp

/*
 * early_puts - the NUL-terminated string at physical %esi, "\n" sent as
 * "\r\n"; returns with %esi just past the NUL.  Uses %eax, %ecx, %edx.
 */
	.globl early_puts
early_puts:
	movzbl	(%esi), %ecx
	inc	%esi
	test	%cl, %cl
	jz	2f
	cmp	$'\n', %cl
	jne	1f
	mov	$'\r', %cl
	uart_putc
	mov	$'\n', %cl
1:	uart_putc
	jmp	early_puts
2:	jmp	*%ebp

/* early_putc - the byte in %cl; uses %eax, %edx */
	.globl early_putc
early_putc:
	uart_putc
	jmp	*%ebp

/* early_puthex - %eax as "0x" and 8 hex digits; uses %eax, %ecx-%edi */
	.globl early_puthex
early_puthex:
	mov	%eax, %esi
	mov	$'0', %cl
	uart_putc
	mov	$'x', %cl
	uart_putc
	mov	$8, %edi
1:	rol	$4, %esi
	mov	%esi, %ecx
	and	$0xf, %ecx
	movzbl	_pa(hex_digits)(%ecx), %ecx
	uart_putc
	dec	%edi
	jnz	1b
	jmp	*%ebp

/* early_putdec - %eax (below 100) in decimal; uses %eax, %ecx, %edx, %esi */
	.globl early_putdec
early_putdec:
	xor	%edx, %edx
	mov	$10, %ecx
	div	%ecx
	mov	%edx, %esi		/* the units */
	test	%eax, %eax
	jz	1f
	lea	'0'(%eax), %ecx
	uart_putc
1:	lea	'0'(%esi), %ecx
	uart_putc
	jmp	*%ebp

/*
 * early_die - stop for good, as panic() does: leave QEMU through
 * isa-debug-exit (status 3) where that device exists, else halt with
 * interrupts off
 */
	.globl early_die
early_die:
	mov	$1, %al
	out	%al, $ISA_DEBUG_EXIT_PORT
1:	cli
	hlt
	jmp	1b

	/* with the code, apart from the image: see verify_mem.S */
	.section .head.text, "ax"
hex_digits:
	.ascii	"0123456789abcdef"
