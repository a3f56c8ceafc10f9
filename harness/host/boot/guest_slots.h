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

#endif
