// SPDX-License-Identifier: LGPL-2.1
/* scsi_trace_parse_cdb(p, cdb, len): a SCSI command descriptor block decoded
 * as the kernel's scsi_trace.c shows it, e.g. "lba=2048 txlen=8 protect=0".
 * Each decoding ends with a NUL character in the output, as upstream's. */
#include <string.h>

#include "event-parse.h"
#include "plugin_export.h"

enum {
	READ_6 = 0x08, WRITE_6 = 0x0a,
	READ_10 = 0x28, WRITE_10 = 0x2a, VERIFY = 0x2f, WRITE_SAME = 0x41, UNMAP = 0x42,
	VARIABLE_LENGTH_CMD = 0x7f,
	READ_16 = 0x88, WRITE_16 = 0x8a, VERIFY_16 = 0x8f, WRITE_SAME_16 = 0x93,
	SERVICE_ACTION_IN_16 = 0x9e,
	READ_12 = 0xa8, WRITE_12 = 0xaa, VERIFY_12 = 0xaf,
};
enum { SAI_READ_CAPACITY_16 = 0x10, SAI_GET_LBA_STATUS = 0x12 };
enum { READ_32 = 0x09, VERIFY_32 = 0x0a, WRITE_32 = 0x0b, WRITE_SAME_32 = 0x0d };

#define MAX_CDB 32

typedef unsigned long long u64;

static u64 be64(const unsigned char *p)
{
	u64 v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static unsigned int be32(const unsigned char *p)
{
	return (unsigned int)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

/* Upstream assembles the low bytes with int shifts: (b0 << 24) | (b1 << 16)
 * | (b2 << 8) is sign-extended to 64 bits before the last byte is or-ed in.
 * Its output (e.g. an lba of 18446744071562067968) follows from that. The
 * lba and transfer length are a sector_t there, an unsigned long: 32 bits on
 * i686, where the values keep only their low half. */
static u64 int_shifted_be32(const unsigned char *p)
{
	return (unsigned long)((u64)(long long)(int)((unsigned int)p[0] << 24 | p[1] << 16 | p[2] << 8) | p[3]);
}

/* A 64-bit big-endian number whose lower half is assembled as above. */
static u64 int_shifted_be64(const unsigned char *p)
{
	return (unsigned long)((be64(p) & 0xffffffff000000ffULL) |
			       (u64)(long long)(int)((unsigned int)p[4] << 24 | p[5] << 16 | p[6] << 8));
}

static void print_unmap_bit(struct trace_seq *s, unsigned char flags)
{
	trace_seq_printf(s, " unmap=%u", flags >> 3 & 1);
}

static void print_rw6(struct trace_seq *s, const unsigned char *cdb)
{
	u64 lba = (cdb[1] & 0x1f) << 16 | cdb[2] << 8 | cdb[3];

	trace_seq_printf(s, "lba=%llu txlen=%llu", lba, (u64)cdb[4]);
}

static void print_rw10(struct trace_seq *s, const unsigned char *cdb)
{
	trace_seq_printf(s, "lba=%llu txlen=%llu protect=%u", int_shifted_be32(cdb + 2),
			 (u64)(cdb[7] << 8 | cdb[8]), cdb[1] >> 5);
	if (cdb[0] == WRITE_SAME)
		print_unmap_bit(s, cdb[1]);
}

static void print_rw12(struct trace_seq *s, const unsigned char *cdb)
{
	trace_seq_printf(s, "lba=%llu txlen=%llu protect=%u", int_shifted_be32(cdb + 2),
			 int_shifted_be32(cdb + 6), cdb[1] >> 5);
}

static void print_rw16(struct trace_seq *s, const unsigned char *cdb)
{
	trace_seq_printf(s, "lba=%llu txlen=%llu protect=%u", int_shifted_be64(cdb + 2),
			 int_shifted_be32(cdb + 10), cdb[1] >> 5);
	if (cdb[0] == WRITE_SAME_16)
		print_unmap_bit(s, cdb[1]);
}

static void print_unmap(struct trace_seq *s, const unsigned char *cdb)
{
	unsigned int param_len = cdb[7] << 8 | cdb[8];

	trace_seq_printf(s, "regions=%u", (param_len - 8) / 16);
}

static void print_service_action_in(struct trace_seq *s, const unsigned char *cdb)
{
	const char *cmd;

	switch (cdb[1] & 0x1f) {
	case SAI_READ_CAPACITY_16:
		cmd = "READ_CAPACITY_16";
		break;
	case SAI_GET_LBA_STATUS:
		cmd = "GET_LBA_STATUS";
		break;
	default:
		trace_seq_printf(s, "UNKNOWN");
		return;
	}
	trace_seq_printf(s, "%s lba=%llu alloc_len=%u", cmd, int_shifted_be64(cdb + 2),
			 be32(cdb + 10));
}

/* Returns 0 when the service action is not a 32-byte read/write. */
static int print_rw32(struct trace_seq *s, const unsigned char *cdb)
{
	unsigned int action = cdb[8] << 8 | cdb[9];
	const char *cmd;

	switch (action) {
	case READ_32:
		cmd = "READ";
		break;
	case VERIFY_32:
		cmd = "VERIFY";
		break;
	case WRITE_32:
		cmd = "WRITE";
		break;
	case WRITE_SAME_32:
		cmd = "WRITE_SAME";
		break;
	default:
		return 0;
	}
	trace_seq_printf(s, "%s_32 lba=%llu txlen=%llu protect=%u ei_lbrt=%u", cmd,
			 int_shifted_be64(cdb + 12), int_shifted_be32(cdb + 28), cdb[10] >> 5,
			 be32(cdb + 20));
	if (action == WRITE_SAME_32)
		print_unmap_bit(s, cdb[10]);
	return 1;
}

static void print_cdb(struct trace_seq *s, const unsigned char *cdb)
{
	switch (cdb[0]) {
	case READ_6:
	case WRITE_6:
		print_rw6(s, cdb);
		break;
	case READ_10:
	case WRITE_10:
	case VERIFY:
	case WRITE_SAME:
		print_rw10(s, cdb);
		break;
	case READ_12:
	case WRITE_12:
	case VERIFY_12:
		print_rw12(s, cdb);
		break;
	case READ_16:
	case WRITE_16:
	case VERIFY_16:
	case WRITE_SAME_16:
		print_rw16(s, cdb);
		break;
	case UNMAP:
		print_unmap(s, cdb);
		break;
	case SERVICE_ACTION_IN_16:
		print_service_action_in(s, cdb);
		break;
	case VARIABLE_LENGTH_CMD:
		if (print_rw32(s, cdb))
			break;
		/* fall through */
	default:
		trace_seq_printf(s, "-");
		break;
	}
	trace_seq_putc(s, 0);
}

/* args: the trace_seq placeholder, the CDB bytes, their count. Bytes past
 * `len` read as zero rather than past the record. */
static unsigned long long scsi_trace_parse_cdb(struct trace_seq *s, unsigned long long *args)
{
	const unsigned char *cdb = (const unsigned char *)(unsigned long)args[1];
	unsigned char bytes[MAX_CDB] = { 0 };
	int len = (int)args[2];

	if (cdb && len > 0)
		memcpy(bytes, cdb, len < MAX_CDB ? len : MAX_CDB);
	print_cdb(s, bytes);
	return 0;
}

PLUGIN_EXPORT int tep_plugin_loader(struct tep_handle *tep)
{
	tep_register_print_function(tep, scsi_trace_parse_cdb, TEP_FUNC_ARG_STRING,
				    "scsi_trace_parse_cdb", TEP_FUNC_ARG_PTR, TEP_FUNC_ARG_PTR,
				    TEP_FUNC_ARG_INT, TEP_FUNC_ARG_VOID);
	return 0;
}

PLUGIN_EXPORT void tep_plugin_unloader(struct tep_handle *tep)
{
	tep_unregister_print_function(tep, scsi_trace_parse_cdb, "scsi_trace_parse_cdb");
}
