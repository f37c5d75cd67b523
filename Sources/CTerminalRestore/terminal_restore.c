#define _GNU_SOURCE 1
#include "terminal_restore.h"

#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* The handler only calls async-signal-safe functions: it restores the saved terminal modes, writes
   the sequences that reset attributes, stop mouse reports, show the cursor and leave the alternate
   screen, then hands the signal to whoever handled it before (the Swift runtime's backtracer then
   prints its report on a usable terminal) or to the default action. */

static struct termios saved_modes;
static int saved_modes_valid = 0;
static struct sigaction previous_actions[NSIG];
static char signal_stack[1 << 16];
static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGTERM, SIGHUP, SIGQUIT};
#define FATAL_SIGNAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])

static void restore_terminal(void) {
    static const char reset[] = "\033[0m\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?25h\033[?1049l\r\n";
    if (saved_modes_valid) tcsetattr(STDIN_FILENO, TCSANOW, &saved_modes);
    ssize_t ignored = write(STDOUT_FILENO, reset, sizeof reset - 1);
    (void)ignored;
}

static void on_fatal_signal(int sig) {
    restore_terminal();
    if (sig > 0 && sig < NSIG) sigaction(sig, &previous_actions[sig], NULL);
    raise(sig);
}

void keepsake_install_fatal_signal_handlers(void) {
    if (tcgetattr(STDIN_FILENO, &saved_modes) == 0) saved_modes_valid = 1;
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = signal_stack;
    stack.ss_size = sizeof signal_stack;
    sigaltstack(&stack, NULL); /* a stack overflow's SIGSEGV needs a stack to run on */
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_fatal_signal;
    action.sa_flags = SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < FATAL_SIGNAL_COUNT; i++) sigaction(fatal_signals[i], &action, &previous_actions[fatal_signals[i]]);
}

void keepsake_remove_fatal_signal_handlers(void) {
    for (unsigned i = 0; i < FATAL_SIGNAL_COUNT; i++) sigaction(fatal_signals[i], &previous_actions[fatal_signals[i]], NULL);
}
