#ifndef KEEPSAKE_TERMINAL_RESTORE_H
#define KEEPSAKE_TERMINAL_RESTORE_H

/* Giving the terminal back when the program dies of a signal (a crash, SIGTERM, SIGHUP):
   the terminal modes saved before the UI changed them are restored and the alternate screen is
   left before the signal takes its course. */

/* Saves the terminal's modes and installs the handler. Call before the UI takes the terminal. */
void keepsake_install_fatal_signal_handlers(void);

/* Puts back the handlers that were there before (when the terminal is given back normally). */
void keepsake_remove_fatal_signal_handlers(void);

#endif
