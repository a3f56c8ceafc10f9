/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MMX_GUEST_SLOTS_H
#define MMX_GUEST_SLOTS_H

/*
 * At most MMX_GUEST_SLOTS guests (default 1) run at once on this machine,
 * whichever mmx process starts them: two TCG guests on two cores slow each
 * other and every timing in both runs.  Waits for a free slot, saying so;
 * returns the slot's lock (for guest_slot_release) or -1.
 */
int guest_slot_acquire(void);
void guest_slot_release(int fd);

/* The most slots any MMX_GUEST_SLOTS can ask for. */
#define GUEST_SLOTS_MAX 16

/* Every slot at once: a run whose times are the host's runs alone. */
struct guest_slots_all {
	int fd[GUEST_SLOTS_MAX];
};

/*
 * Takes every slot, whatever MMX_GUEST_SLOTS any mmx process runs with, in
 * order (so two of them never wait on each other), after saying how many
 * guests it waits for; 0, or -1 with every slot released.
 */
int guest_slots_acquire_all(struct guest_slots_all *s);
void guest_slots_release_all(struct guest_slots_all *s);

#endif
