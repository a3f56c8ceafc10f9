// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <gelf.h>
#include <string.h>
#include <unistd.h>

#include "agent_probes.h"

#define PROBE_PREFIX "contention_probe_"
#define PROBE_SCOPE "contention_probe_scoped"

static int append_from_symtab(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh, FILE *out)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0;
	int written = 0;

	for (size_t i = 0; data && i < n; i++) {
		GElf_Sym sym;
		const char *name;

		if (!gelf_getsym(data, (int)i, &sym) || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
		    sym.st_size == 0)
			continue;
		name = elf_strptr(elf, sh->sh_link, sym.st_name);
		if (!name || strncmp(name, PROBE_PREFIX, strlen(PROBE_PREFIX)) != 0)
			continue;
		/* contention_probe_scoped: the receive scope's known case */
		fprintf(out, "%llx %llx probe %s%s\n", (unsigned long long)sym.st_value,
			(unsigned long long)(sym.st_value + sym.st_size), name,
			strcmp(name, PROBE_SCOPE) == 0 ? " scope" : "");
		written++;
	}
	return written;
}

int agent_probes_append(const char *agent, FILE *out, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;
	int fd, n = -1;
	Elf *elf;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		snprintf(err, errlen, "libelf: %s", elf_errmsg(-1));
		return -1;
	}
	fd = open(agent, O_RDONLY);
	if (fd < 0) {
		snprintf(err, errlen, "the guest agent %s cannot be read: run 'make harness'",
			 agent);
		return -1;
	}
	elf = elf_begin(fd, ELF_C_READ, NULL);
	while (elf && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB) {
			n = append_from_symtab(elf, scn, &sh, out);
			break;
		}
	}
	if (n < 0)
		snprintf(err, errlen, "the guest agent %s has no symbol table (%s): build it "
			 "unstripped with 'make harness'", agent, elf ? "no .symtab" :
			 elf_errmsg(-1));
	if (elf)
		elf_end(elf);
	close(fd);
	return n;
}
