// SPDX-License-Identifier: LGPL-2.1
/* xen_hypercall_name(op): the hypercall's name in parentheses, or nothing. */
#include "event-parse.h"
#include "plugin_export.h"

/* Numbers from Xen's public/xen.h (__HYPERVISOR_*). */
static const char *const hypercalls[56] = {
	[0] = "(set_trap_table)",     [1] = "(mmu_update)",
	[2] = "(set_gdt)",            [3] = "(stack_switch)",
	[4] = "(set_callbacks)",      [5] = "(fpu_taskswitch)",
	[6] = "(sched_op_compat)",    [7] = "(dom0_op)",
	[8] = "(set_debugreg)",       [9] = "(get_debugreg)",
	[10] = "(update_descriptor)", [12] = "(memory_op)",
	[13] = "(multicall)",         [14] = "(update_va_mapping)",
	[15] = "(set_timer_op)",      [16] = "(event_channel_op_compat)",
	[17] = "(xen_version)",       [18] = "(console_io)",
	[19] = "(physdev_op_compat)", [20] = "(grant_table_op)",
	[21] = "(vm_assist)",         [22] = "(update_va_mapping_otherdomain)",
	[23] = "(iret)",              [24] = "(vcpu_op)",
	[25] = "(set_segment_base)",  [26] = "(mmuext_op)",
	[27] = "(acm_op)",            [28] = "(nmi_op)",
	[29] = "(sched_op)",          [30] = "(callback_op)",
	[31] = "(xenoprof_op)",       [32] = "(event_channel_op)",
	[33] = "(physdev_op)",        [34] = "(hvm_op)",
	[48] = "(arch_0)", [49] = "(arch_1)", [50] = "(arch_2)", [51] = "(arch_3)",
	[52] = "(arch_4)", [53] = "(arch_5)", [54] = "(arch_6)", [55] = "(arch_7)",
};

static unsigned long long xen_hypercall_name(struct trace_seq *s, unsigned long long *args)
{
	unsigned int op = args[0];
	const char *name = op < 56 && hypercalls[op] ? hypercalls[op] : "";

	trace_seq_printf(s, "%s", name);
	return 0;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	tep_register_print_function(tep, xen_hypercall_name, TEP_FUNC_ARG_STRING,
				    "xen_hypercall_name", TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	tep_unregister_print_function(tep, xen_hypercall_name, "xen_hypercall_name");
}
