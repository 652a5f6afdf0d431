# SPDX-License-Identifier: GPL-2.0
#
# cachet top-level Makefile: Kbuild-like, non-recursive.
#
# Each directory listed in $(kernel-dirs) holds a Makefile fragment that adds
# objects with "obj-y += foo.o" or "obj-$(CONFIG_FOO) += foo.o".  The
# fragments are read here with the directory as prefix, so one make process
# sees the whole dependency graph.  "make O=DIR" builds out of tree; the
# configuration then lives in DIR/.config.
#
#   make defconfig      write .config from arch/x86/configs/defconfig
#   make                build ./vmlinux (ELF64, PVH entry note)
#   make initramfs      build usr/initramfs.cpio.gz from Debian's
#                       busybox-static: make run boots into it
#   make run            install what is missing, build, boot in QEMU
#   make isoimage       arch/x86/boot/image.iso: GRUB, BIOS and UEFI
#   make run-iso        boot that image in QEMU with SeaBIOS
#   make run-uefi       the same with OVMF (UEFI)
#   make check          install what is missing, run every test
#                       (FULL=1: the full loop counts, e.g. 10000 forks)
#   make bench          regenerate the benchmark figures in Documentation/
#   make CC=clang       build with clang (gcc is the default)
#   make C=1            also run sparse on each C file compiled; C=2 on
#                       every kernel C file, compiled or not
#   make sparse         only run sparse on every kernel C file

ifeq ($(origin CC),default)
CC := gcc
endif
LD	?= ld
NM	?= nm
OBJCOPY	?= objcopy
PYTHON	?= python3
QEMU	?= qemu-system-x86_64

srctree	:= $(CURDIR)
O	?= .
objtree	:= $(abspath $(O))
ifeq ($(objtree),$(srctree))
out	:=
else
out	:= $(objtree)/
endif

KCONFIG		:= $(objtree)/.config
AUTOCONF	:= $(objtree)/include/generated/autoconf.h
DEFCONFIG	:= arch/x86/configs/defconfig

-include $(KCONFIG)

kernel-dirs := \
	arch/x86/boot \
	arch/x86/entry \
	arch/x86/kernel \
	arch/x86/kernel/cpu \
	arch/x86/kernel/fpu \
	arch/x86/mm \
	arch/x86/mm/pat \
	arch/x86/realmode \
	arch/x86/lib \
	init \
	kernel \
	mm \
	lib \
	fs \
	drivers/tty \
	drivers/tty/serial \
	drivers/char \
	drivers/acpi \
	drivers/pci \
	drivers/base \
	drivers/firmware \
	drivers/clocksource \
	arch/x86/kernel/apic \
	arch/x86/kernel/acpi \
	drivers/video \
	drivers/video/console \
	drivers/video/fbdev

# simply expanded, so each fragment's obj-y is taken as it is read
kernel-objs :=
define collect-dir
obj-y :=
-include $(srctree)/$(1)/Makefile
kernel-objs += $$(addprefix $(out)$(1)/,$$(obj-y))
endef
$(foreach d,$(kernel-dirs),$(eval $(call collect-dir,$(d))))

WARNFLAGS := -Wall -Wextra -Werror -Wno-unused-parameter \
	-Wmissing-prototypes -Wstrict-prototypes
KBUILD_CFLAGS := -std=gnu11 -O2 -g $(WARNFLAGS) \
	-ffreestanding -fno-builtin -nostdlib -fno-common \
	-fno-stack-protector -fno-pic -fno-pie -fno-strict-aliasing \
	-fno-omit-frame-pointer -fno-asynchronous-unwind-tables \
	-mcmodel=kernel -mno-red-zone -mno-mmx -mno-sse -mno-sse2 \
	-mno-avx -mno-3dnow -mgeneral-regs-only \
	-D__KERNEL__ -include $(AUTOCONF) \
	-I$(srctree)/include -I$(srctree)/arch/x86/include \
	-I$(srctree)/arch/x86/include/uapi \
	-I$(objtree)/include
KBUILD_AFLAGS := -D__ASSEMBLY__ -D__KERNEL__ -include $(AUTOCONF) \
	-I$(srctree)/include -I$(srctree)/arch/x86/include \
	-I$(srctree)/arch/x86/include/uapi \
	-I$(objtree)/include
KBUILD_LDFLAGS := -nostdlib -z max-page-size=0x1000 -z noexecstack \
	--no-warn-rwx-segments

# sparse, as in Linux.  It does not predefine gcc's __VERSION__, which
# init/version.c prints.
CHECK	?= sparse
CHECKFLAGS := -D__x86_64__ -m64 -std=gnu11 -Wbitwise -D__KERNEL__ \
	-D'__VERSION__="sparse"' -include $(AUTOCONF) \
	-I$(srctree)/include -I$(srctree)/arch/x86/include \
	-I$(srctree)/arch/x86/include/uapi \
	-I$(objtree)/include

ifneq ($(V),1)
Q := @
quiet = @printf '  %-8s %s\n' $(1) $(patsubst $(objtree)/%,%,$(2));
else
Q :=
quiet =
endif

LDS	:= $(out)arch/x86/kernel/vmlinux.lds
VMLINUX	:= $(out)vmlinux

.PHONY: all
all: $(VMLINUX)

# --- configuration -------------------------------------------------------

.PHONY: defconfig
defconfig:
	$(Q)mkdir -p $(objtree)
	$(Q)cp $(srctree)/$(DEFCONFIG) $(KCONFIG)
	@echo "  CONFIG  $(KCONFIG) from $(DEFCONFIG)"

$(KCONFIG):
	@echo "  CONFIG  no .config yet: using $(DEFCONFIG)"
	$(Q)mkdir -p $(objtree)
	$(Q)cp $(srctree)/$(DEFCONFIG) $@

$(AUTOCONF): $(KCONFIG) scripts/mkautoconf.sh
	$(Q)mkdir -p $(dir $@)
	$(Q)sh $(srctree)/scripts/mkautoconf.sh $< > $@.tmp && mv $@.tmp $@

# --- compilation ---------------------------------------------------------

$(out)%.o: %.c $(AUTOCONF)
ifeq ($(C),1)
	$(call quiet,CHECK,$<)
	$(Q)$(CHECK) $(CHECKFLAGS) $<
endif
	$(call quiet,CC,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(KBUILD_CFLAGS) -MMD -MP -c $< -o $@

kernel-csrcs = $(wildcard $(patsubst $(out)%.o,%.c,$(kernel-objs)))

.PHONY: sparse
sparse: $(AUTOCONF)
	$(Q)for f in $(kernel-csrcs); do \
		$(if $(Q),printf '  %-8s %s\n' CHECK $$f;) \
		$(CHECK) $(CHECKFLAGS) $$f || exit 1; \
	done

ifeq ($(C),2)
all: sparse
endif

$(out)%.o: %.S $(AUTOCONF)
	$(call quiet,AS,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(KBUILD_AFLAGS) -MMD -MP -c $< -o $@

$(LDS): arch/x86/kernel/vmlinux.lds.S $(AUTOCONF)
	$(call quiet,LDS,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -E -P -x c $(KBUILD_AFLAGS) -D__LINKER__ $< -o $@

# --- link: twice, so the symbol table can describe the final image --------
#
# The symbol table sits after every other section, so its size does not
# move any symbol it describes: the second link only fills it in.

KALLSYMS := $(out).tmp_kallsyms

$(out).tmp_vmlinux1: $(kernel-objs) $(LDS) $(out)scripts/kallsyms_empty.o
	$(call quiet,LD,$@)
	$(Q)$(LD) $(KBUILD_LDFLAGS) -T $(LDS) -o $@ $(kernel-objs) \
		$(out)scripts/kallsyms_empty.o

$(KALLSYMS).S: $(out).tmp_vmlinux1 scripts/kallsyms.sh
	$(call quiet,KSYM,$@)
	$(Q)NM=$(NM) sh $(srctree)/scripts/kallsyms.sh $< > $@

$(KALLSYMS).o: $(KALLSYMS).S
	$(Q)$(CC) $(KBUILD_AFLAGS) -c $< -o $@

$(out)scripts/kallsyms_empty.o: scripts/kallsyms_empty.S $(AUTOCONF)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(KBUILD_AFLAGS) -c $< -o $@

$(VMLINUX): $(kernel-objs) $(LDS) $(KALLSYMS).o
	$(call quiet,LD,$@)
	$(Q)$(LD) $(KBUILD_LDFLAGS) -T $(LDS) -o $@ $(kernel-objs) $(KALLSYMS).o
	$(Q)NM=$(NM) sh $(srctree)/scripts/kallsyms.sh $@ | cmp -s - $(KALLSYMS).S || \
		{ echo "kallsyms: symbol table moved between links" >&2; rm -f $@; exit 1; }

-include $(kernel-objs:.o=.d)

# --- the initramfs: host tool, list and archive --------------------------

include $(srctree)/usr/Makefile

# --- running and testing -------------------------------------------------

QEMU_APPEND ?=
QEMU_OPTS ?= -M q35 -m 512M -cpu qemu64 -smp 4 -vga std
.PHONY: run deps
deps:
	$(Q)sh $(srctree)/scripts/install-deps.sh

# with Debian's busybox the initramfs is built and handed over (-initrd);
# the kernel reads it (Documentation/filesystems/initramfs.rst)
run: deps
	$(Q)$(MAKE) --no-print-directory all
	-$(Q)$(MAKE) --no-print-directory initramfs
	$(Q)initrd=; [ -f $(INITRAMFS) ] && initrd="-initrd $(INITRAMFS)"; \
	$(QEMU) $(QEMU_OPTS) -kernel $(VMLINUX) $$initrd \
		-append "$(QEMU_APPEND)" -serial stdio -display none -no-reboot

# a hybrid BIOS + UEFI ISO that boots through GRUB's Multiboot2 loader
# (Documentation/x86/boot.rst), with the initramfs as a module when
# busybox is there.  ISO_APPEND adds to every entry's command line,
# ISO_DEFAULT picks the entry (0 default, 1 nopat, 2 debugpat),
# ISO_TIMEOUT the menu's seconds.
ISO	:= $(out)arch/x86/boot/image.iso
OVMF	?= /usr/share/ovmf/OVMF.fd
export ISO_APPEND ISO_DEFAULT ISO_TIMEOUT
.PHONY: isoimage run-iso run-uefi
isoimage: deps
	$(Q)$(MAKE) --no-print-directory all
	-$(Q)$(MAKE) --no-print-directory initramfs
	$(call quiet,ISO,$(ISO))
	$(Q)initrd=; [ -f $(INITRAMFS) ] && initrd=$(INITRAMFS); \
	sh $(srctree)/arch/x86/boot/genimage.sh $(ISO) $(VMLINUX) $$initrd

# the same machine as make run, started by SeaBIOS or by OVMF
run-iso: isoimage
	$(QEMU) $(QEMU_OPTS) -cdrom $(ISO) -serial stdio -display none -no-reboot

run-uefi: isoimage
	$(QEMU) $(QEMU_OPTS) -bios $(OVMF) -cdrom $(ISO) -serial stdio \
		-display none -no-reboot

.PHONY: check
# FULL=1: the issues' full loop counts (10000 fork+exec rounds, 100000
# randomized pfnmap steps in the kernel, 100000 user-mapping steps in
# the guest, 1000 CPU offline/online rounds in the SMP selftests and 20
# suspend/resume rounds)
# (the initramfs too: the boot matrix's GRUB rows pass it as a module)
check: deps
	$(Q)$(MAKE) --no-print-directory all
	-$(Q)$(MAKE) --no-print-directory initramfs
	$(Q)$(if $(FULL),USER_APPEND="stress_rounds=10000 umap_rounds=100000" \
		CPU_HOTPLUG_ROUNDS=1000 S3_ROUNDS=20 \
		KTEST_APPEND=pfnmap_rounds=100000) $(PYTHON) \
		$(srctree)/tools/testing/runner/run_all.py --kernel $(VMLINUX)

# the memtype tree against Linux's (Documentation/x86/pat-bench.rst), then
# the kernel's own "pat bench" figures in Documentation/x86/pat.rst
.PHONY: bench
bench: deps
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) -C tools/testing/pat bench
	$(Q)$(PYTHON) $(srctree)/tools/testing/runner/pat_bench_doc.py --kernel $(VMLINUX)
	$(Q)$(MAKE) -C tools/testing/selftests/user bench KERNEL=$(abspath $(VMLINUX))
	$(Q)$(MAKE) -C tools/testing/selftests/pat bench KERNEL=$(abspath $(VMLINUX))

.PHONY: clean
clean:
	$(Q)find $(objtree) -path $(objtree)/tools -prune -o \
		\( -name '*.o' -o -name '*.d' -o -name '*.lds' \) -type f -print0 | xargs -0 rm -f
	$(Q)rm -f $(VMLINUX) $(out).tmp_vmlinux1 $(KALLSYMS).S $(KALLSYMS).o $(ISO)
	$(Q)rm -rf $(objtree)/include/generated
	$(Q)rm -f $(GEN_INIT_CPIO) $(INITRAMFS_LIST) $(INITRAMFS_CPIO) \
		$(INITRAMFS) $(out)usr/*.tmp
	-$(Q)$(MAKE) -s -C tools/testing/unit clean 2>/dev/null
	-$(Q)$(MAKE) -s -C tools/testing/pat clean 2>/dev/null

.PHONY: mrproper
mrproper: clean
	$(Q)rm -f $(KCONFIG)
