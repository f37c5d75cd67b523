#ifndef KEEPSAKE_CNCURSES_SHIM_H
#define KEEPSAKE_CNCURSES_SHIM_H

#define _GNU_SOURCE 1
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1

#include <locale.h>
#include <sys/ioctl.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Macros Swift cannot import, as functions. */
static inline int keepsake_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline attr_t keepsake_a_bold(void) { return A_BOLD; }
static inline attr_t keepsake_a_reverse(void) { return A_REVERSE; }
static inline attr_t keepsake_a_normal(void) { return A_NORMAL; }
static inline int keepsake_key_code_yes(void) { return KEY_CODE_YES; }
static inline mmask_t keepsake_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t keepsake_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t keepsake_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t keepsake_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED; }
static inline WINDOW *keepsake_stdscr(void) { return stdscr; }
static inline int keepsake_lines(void) { return LINES; }
static inline int keepsake_cols(void) { return COLS; }
static inline int keepsake_colors(void) { return COLORS; }

/* The terminal's size as the kernel knows it (ncurses may not have seen SIGWINCH yet). */
static inline int keepsake_window_size(int *rows, int *cols) {
    struct winsize size;
    if (ioctl(1, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

#endif
