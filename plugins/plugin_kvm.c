// SPDX-License-Identifier: LGPL-2.1
/* kvm and kvmmmu events: exit reasons by name, guest rips with the
 * application's symbol lookup (the weak tep_plugin_kvm_get_func hook), the
 * emulated instruction bytes, and the MMU page role decoded, e.g.
 *   reason EXTERNAL_INTERRUPT rip 0xffffffff81000000 info 0 800000ec
 *   new sp gfn 1000 4 q0 direct wux !pae !nxe !wp root 0 sync */
#include <stdint.h>
#include <stdio.h>

#include "event-parse.h"
#include "plugin_export.h"

struct exit_reason {
	int code;
	const char *name;
};

/* VMX basic exit reasons (Intel SDM; the kernel's uapi/asm/vmx.h) and SVM
 * exit codes (uapi/asm/svm.h), as the traced kernel reports them. */
static const struct exit_reason vmx_exit_reasons[] = {
	{ 0, "EXCEPTION_NMI" },
	{ 1, "EXTERNAL_INTERRUPT" },
	{ 2, "TRIPLE_FAULT" },
	{ 7, "PENDING_INTERRUPT" },
	{ 8, "NMI_WINDOW" },
	{ 9, "TASK_SWITCH" },
	{ 10, "CPUID" },
	{ 12, "HLT" },
	{ 13, "INVD" },
	{ 14, "INVLPG" },
	{ 15, "RDPMC" },
	{ 16, "RDTSC" },
	{ 18, "VMCALL" },
	{ 19, "VMCLEAR" },
	{ 20, "VMLAUNCH" },
	{ 21, "VMPTRLD" },
	{ 22, "VMPTRST" },
	{ 23, "VMREAD" },
	{ 24, "VMRESUME" },
	{ 25, "VMWRITE" },
	{ 26, "VMOFF" },
	{ 27, "VMON" },
	{ 28, "CR_ACCESS" },
	{ 29, "DR_ACCESS" },
	{ 30, "IO_INSTRUCTION" },
	{ 31, "MSR_READ" },
	{ 32, "MSR_WRITE" },
	{ 36, "MWAIT_INSTRUCTION" },
	{ 39, "MONITOR_INSTRUCTION" },
	{ 40, "PAUSE_INSTRUCTION" },
	{ 41, "MCE_DURING_VMENTRY" },
	{ 43, "TPR_BELOW_THRESHOLD" },
	{ 44, "APIC_ACCESS" },
	{ 45, "EOI_INDUCED" },
	{ 48, "EPT_VIOLATION" },
	{ 49, "EPT_MISCONFIG" },
	{ 50, "INVEPT" },
	{ 52, "PREEMPTION_TIMER" },
	{ 54, "WBINVD" },
	{ 55, "XSETBV" },
	{ 56, "APIC_WRITE" },
	{ 58, "INVPCID" },
	{ 62, "PML_FULL" },
	{ 63, "XSAVES" },
	{ 64, "XRSTORS" },
	{ 0, NULL },
};
static const struct exit_reason svm_exit_reasons[] = {
	{ 0, "EXIT_READ_CR0" },
	{ 3, "EXIT_READ_CR3" },
	{ 4, "EXIT_READ_CR4" },
	{ 8, "EXIT_READ_CR8" },
	{ 16, "EXIT_WRITE_CR0" },
	{ 19, "EXIT_WRITE_CR3" },
	{ 20, "EXIT_WRITE_CR4" },
	{ 24, "EXIT_WRITE_CR8" },
	{ 32, "EXIT_READ_DR0" },
	{ 33, "EXIT_READ_DR1" },
	{ 34, "EXIT_READ_DR2" },
	{ 35, "EXIT_READ_DR3" },
	{ 36, "EXIT_READ_DR4" },
	{ 37, "EXIT_READ_DR5" },
	{ 38, "EXIT_READ_DR6" },
	{ 39, "EXIT_READ_DR7" },
	{ 48, "EXIT_WRITE_DR0" },
	{ 49, "EXIT_WRITE_DR1" },
	{ 50, "EXIT_WRITE_DR2" },
	{ 51, "EXIT_WRITE_DR3" },
	{ 52, "EXIT_WRITE_DR4" },
	{ 53, "EXIT_WRITE_DR5" },
	{ 54, "EXIT_WRITE_DR6" },
	{ 55, "EXIT_WRITE_DR7" },
	{ 64, "EXIT_EXCP_DE" },
	{ 65, "EXIT_EXCP_DB" },
	{ 67, "EXIT_EXCP_BP" },
	{ 68, "EXIT_EXCP_OF" },
	{ 69, "EXIT_EXCP_BR" },
	{ 70, "EXIT_EXCP_UD" },
	{ 71, "EXIT_EXCP_NM" },
	{ 72, "EXIT_EXCP_DF" },
	{ 74, "EXIT_EXCP_TS" },
	{ 75, "EXIT_EXCP_NP" },
	{ 76, "EXIT_EXCP_SS" },
	{ 77, "EXIT_EXCP_GP" },
	{ 78, "EXIT_EXCP_PF" },
	{ 80, "EXIT_EXCP_MF" },
	{ 81, "EXIT_EXCP_AC" },
	{ 82, "EXIT_EXCP_MC" },
	{ 83, "EXIT_EXCP_XF" },
	{ 96, "EXIT_INTR" },
	{ 97, "EXIT_NMI" },
	{ 98, "EXIT_SMI" },
	{ 99, "EXIT_INIT" },
	{ 100, "EXIT_VINTR" },
	{ 101, "EXIT_CR0_SEL_WRITE" },
	{ 102, "EXIT_IDTR_READ" },
	{ 103, "EXIT_GDTR_READ" },
	{ 104, "EXIT_LDTR_READ" },
	{ 105, "EXIT_TR_READ" },
	{ 106, "EXIT_IDTR_WRITE" },
	{ 107, "EXIT_GDTR_WRITE" },
	{ 108, "EXIT_LDTR_WRITE" },
	{ 109, "EXIT_TR_WRITE" },
	{ 110, "EXIT_RDTSC" },
	{ 111, "EXIT_RDPMC" },
	{ 112, "EXIT_PUSHF" },
	{ 113, "EXIT_POPF" },
	{ 114, "EXIT_CPUID" },
	{ 115, "EXIT_RSM" },
	{ 116, "EXIT_IRET" },
	{ 117, "EXIT_SWINT" },
	{ 118, "EXIT_INVD" },
	{ 119, "EXIT_PAUSE" },
	{ 120, "EXIT_HLT" },
	{ 121, "EXIT_INVLPG" },
	{ 122, "EXIT_INVLPGA" },
	{ 123, "EXIT_IOIO" },
	{ 124, "EXIT_MSR" },
	{ 125, "EXIT_TASK_SWITCH" },
	{ 126, "EXIT_FERR_FREEZE" },
	{ 127, "EXIT_SHUTDOWN" },
	{ 128, "EXIT_VMRUN" },
	{ 129, "EXIT_VMMCALL" },
	{ 130, "EXIT_VMLOAD" },
	{ 131, "EXIT_VMSAVE" },
	{ 132, "EXIT_STGI" },
	{ 133, "EXIT_CLGI" },
	{ 134, "EXIT_SKINIT" },
	{ 135, "EXIT_RDTSCP" },
	{ 136, "EXIT_ICEBP" },
	{ 137, "EXIT_WBINVD" },
	{ 138, "EXIT_MONITOR" },
	{ 139, "EXIT_MWAIT" },
	{ 140, "EXIT_MWAIT_COND" },
	{ 141, "EXIT_XSETBV" },
	{ 1024, "EXIT_NPF" },
	{ 1025, "EXIT_AVIC_INCOMPLETE_IPI" },
	{ 1026, "EXIT_AVIC_UNACCELERATED_ACCESS" },
	{ -1, "EXIT_ERR" },
	{ 0, NULL },
};
enum kvm_isa { KVM_ISA_VMX = 1, KVM_ISA_SVM = 2 };

/* Exit reasons are compared as ints (SVM's EXIT_ERR is -1). */
static const char *exit_reason_name(const struct exit_reason *table, int code)
{
	for (; table->name; table++)
		if (table->code == code)
			return table->name;
	return NULL;
}

/* "reason NAME", "reason UNKNOWN (n)" or, for another ISA, "reason UNKNOWN-ISA". */
static int print_exit_reason(struct trace_seq *s, struct tep_record *record,
			     struct tep_event *event, const char *field)
{
	unsigned long long code, isa;
	const char *name;

	if (tep_get_field_val(s, event, field, record, &code, 1) < 0)
		return -1;
	if (tep_get_field_val(s, event, "isa", record, &isa, 0) < 0)
		isa = KVM_ISA_VMX;
	switch ((unsigned int)isa) {
	case KVM_ISA_VMX:
		name = exit_reason_name(vmx_exit_reasons, (int)code);
		break;
	case KVM_ISA_SVM:
		name = exit_reason_name(svm_exit_reasons, (int)code);
		break;
	default:
		name = "UNKNOWN-ISA";
		break;
	}
	if (name)
		trace_seq_printf(s, "reason %s", name);
	else
		trace_seq_printf(s, "reason UNKNOWN (%llu)", code);
	return 0;
}

/* Applications (trace-cmd with guest symbols) override these two to name a
 * guest address; *addr may be moved to the start of the function. */
PLUGIN_EXPORT_WEAK const char *tep_plugin_kvm_get_func(struct tep_event *event,
						       struct tep_record *record,
						       unsigned long long *addr)
{
	return NULL;
}

PLUGIN_EXPORT_WEAK void tep_plugin_kvm_put_func(const char *func)
{
}

static void print_rip_function(struct trace_seq *s, struct tep_record *record,
			       struct tep_event *event, unsigned long long rip)
{
	unsigned long long start = rip;
	const char *func = tep_plugin_kvm_get_func(event, record, &start);

	if (!func)
		return;
	trace_seq_printf(s, " %s", func);
	if (start != rip)
		trace_seq_printf(s, "+0x%0llx", rip - start);
	tep_plugin_kvm_put_func(func);
}

static int kvm_exit_handler(struct trace_seq *s, struct tep_record *record,
			    struct tep_event *event, void *context)
{
	unsigned long long rip, info1 = 0, info2 = 0;

	if (print_exit_reason(s, record, event, "exit_reason") < 0)
		return -1;
	if (tep_get_field_val(s, event, "guest_rip", record, &rip, 1) < 0)
		return -1;
	trace_seq_printf(s, " rip 0x%llx", rip);
	print_rip_function(s, record, event, rip);
	if (tep_get_field_val(s, event, "info1", record, &info1, 0) >= 0 &&
	    tep_get_field_val(s, event, "info2", record, &info2, 0) >= 0)
		trace_seq_printf(s, " info %llx %llx", info1, info2);
	return 0;
}

static int kvm_entry_handler(struct trace_seq *s, struct tep_record *record,
			     struct tep_event *event, void *context)
{
	unsigned long long rip;

	tep_print_num_field(s, " vcpu %u", event, "vcpu_id", record, 1);
	if (tep_get_field_val(s, event, "rip", record, &rip, 1) < 0)
		return -1;
	trace_seq_printf(s, " rip 0x%llx", rip);
	print_rip_function(s, record, event, rip);
	return 0;
}

#define MAX_INSN_BYTES 15

/* No disassembler: the instruction bytes in hex, e.g.
 *   ffffffff81001000:0: 0f 01 d9 FAIL */
static int kvm_emulate_insn_handler(struct trace_seq *s, struct tep_record *record,
				    struct tep_event *event, void *context)
{
	unsigned long long rip, csbase, len, flags, failed;
	char hex[MAX_INSN_BYTES * 3 + 1] = "";
	const uint8_t *insn;
	int raw_len, n;

	if (tep_get_field_val(s, event, "rip", record, &rip, 1) < 0 ||
	    tep_get_field_val(s, event, "csbase", record, &csbase, 1) < 0 ||
	    tep_get_field_val(s, event, "len", record, &len, 1) < 0 ||
	    tep_get_field_val(s, event, "flags", record, &flags, 1) < 0 ||
	    tep_get_field_val(s, event, "failed", record, &failed, 1) < 0)
		return -1;
	insn = tep_get_field_raw(s, event, "insn", record, &raw_len, 1);
	if (!insn)
		return -1;
	n = (int)len;
	if (n > MAX_INSN_BYTES)
		n = MAX_INSN_BYTES;
	if (n > raw_len)
		n = raw_len;
	for (int i = 0; i < n; i++)
		snprintf(hex + i * 3, 4, "%02x ", insn[i]);
	if (n > 0)
		hex[n * 3 - 1] = '\0';

	trace_seq_printf(s, "%llx:%llx", csbase, rip);
	print_rip_function(s, record, event, rip);
	trace_seq_printf(s, ": %s%s", hex, failed ? " FAIL" : "");
	return 0;
}

static int kvm_nested_vmexit_inject_handler(struct trace_seq *s, struct tep_record *record,
					    struct tep_event *event, void *context)
{
	if (print_exit_reason(s, record, event, "exit_code") < 0)
		return -1;
	tep_print_num_field(s, " info1 %llx", event, "exit_info1", record, 1);
	tep_print_num_field(s, " info2 %llx", event, "exit_info2", record, 1);
	tep_print_num_field(s, " int_info %llx", event, "exit_int_info", record, 1);
	tep_print_num_field(s, " int_info_err %llx", event, "exit_int_info_err", record, 1);
	return 0;
}

static int kvm_nested_vmexit_handler(struct trace_seq *s, struct tep_record *record,
				     struct tep_event *event, void *context)
{
	unsigned long long rip;

	if (tep_get_field_val(s, event, "rip", record, &rip, 1) < 0)
		return -1;
	trace_seq_printf(s, " rip %llx", rip);
	print_rip_function(s, record, event, rip);
	return kvm_nested_vmexit_inject_handler(s, record, event, context);
}

/* union kvm_mmu_page_role, read bit by bit so the host's layout of
 * bit-fields does not matter. */
#define ROLE_BITS(word, shift, width) (((word) >> (shift)) & ((1U << (width)) - 1))

static int kvm_mmu_print_role(struct trace_seq *s, struct tep_record *record,
			      struct tep_event *event, void *context)
{
	static const char *const access[] = {
		"---", "--x", "w--", "w-x", "-u-", "-ux", "wu-", "wux",
	};
	unsigned long long val;
	unsigned int role;

	if (tep_get_field_val(s, event, "role", record, &val, 1) < 0)
		return -1;
	role = (unsigned int)val;

	/* Upstream decodes the role only when file and host byte order agree. */
	if (tep_is_file_bigendian(event->tep) == tep_is_local_bigendian(event->tep))
		trace_seq_printf(s, "%u q%u%s %s%s %spae %snxe %swp%s%s%s",
				 ROLE_BITS(role, 0, 4),		  /* level */
				 ROLE_BITS(role, 5, 2),		  /* quadrant */
				 ROLE_BITS(role, 7, 1) ? " direct" : "",
				 access[ROLE_BITS(role, 8, 3)],
				 ROLE_BITS(role, 11, 1) ? " invalid" : "",
				 ROLE_BITS(role, 4, 1) ? "" : "!",  /* cr4_pae */
				 ROLE_BITS(role, 12, 1) ? "" : "!", /* efer_nx */
				 ROLE_BITS(role, 13, 1) ? "" : "!", /* cr0_wp */
				 ROLE_BITS(role, 14, 1) ? " smep" : "",
				 ROLE_BITS(role, 15, 1) ? " smap" : "",
				 ROLE_BITS(role, 24, 8) ? " smm" : "");
	else
		trace_seq_printf(s, "WORD: %08x", role);

	tep_print_num_field(s, " root %u ", event, "root_count", record, 1);
	if (tep_get_field_val(s, event, "unsync", record, &val, 1) < 0)
		return -1;
	/* Upstream ends the line with a NUL character. */
	trace_seq_printf(s, "%s%c", val ? "unsync" : "sync", 0);
	return 0;
}

static int kvm_mmu_get_page_handler(struct trace_seq *s, struct tep_record *record,
				    struct tep_event *event, void *context)
{
	unsigned long long val;

	if (tep_get_field_val(s, event, "created", record, &val, 1) < 0)
		return -1;
	trace_seq_printf(s, "%s ", val ? "new" : "existing");
	if (tep_get_field_val(s, event, "gfn", record, &val, 1) < 0)
		return -1;
	trace_seq_printf(s, "sp gfn %llx ", val);
	return kvm_mmu_print_role(s, record, event, context);
}

#define PT_WRITABLE_MASK 2ULL

static unsigned long long is_writable_pte(struct trace_seq *s, unsigned long long *args)
{
	return args[0] & PT_WRITABLE_MASK;
}

static const struct {
	const char *system;
	const char *name;
	tep_event_handler_func handler;
} kvm_handlers[] = {
	{ "kvm", "kvm_exit", kvm_exit_handler },
	{ "kvm", "kvm_entry", kvm_entry_handler },
	{ "kvm", "kvm_emulate_insn", kvm_emulate_insn_handler },
	{ "kvm", "kvm_nested_vmexit", kvm_nested_vmexit_handler },
	{ "kvm", "kvm_nested_vmexit_inject", kvm_nested_vmexit_inject_handler },
	{ "kvmmmu", "kvm_mmu_get_page", kvm_mmu_get_page_handler },
	{ "kvmmmu", "kvm_mmu_sync_page", kvm_mmu_print_role },
	{ "kvmmmu", "kvm_mmu_unsync_page", kvm_mmu_print_role },
	{ "kvmmmu", "kvm_mmu_zap_page", kvm_mmu_print_role },
	{ "kvmmmu", "kvm_mmu_prepare_zap_page", kvm_mmu_print_role },
};
#define NR_KVM_HANDLERS (sizeof(kvm_handlers) / sizeof(kvm_handlers[0]))

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < NR_KVM_HANDLERS; i++)
		tep_register_event_handler(tep, -1, kvm_handlers[i].system, kvm_handlers[i].name,
					   kvm_handlers[i].handler, NULL);
	tep_register_print_function(tep, is_writable_pte, TEP_FUNC_ARG_INT, "is_writable_pte",
				    TEP_FUNC_ARG_LONG, TEP_FUNC_ARG_VOID);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	for (unsigned i = 0; i < NR_KVM_HANDLERS; i++)
		tep_unregister_event_handler(tep, -1, kvm_handlers[i].system, kvm_handlers[i].name,
					     kvm_handlers[i].handler, NULL);
	tep_unregister_print_function(tep, is_writable_pte, "is_writable_pte");
}
