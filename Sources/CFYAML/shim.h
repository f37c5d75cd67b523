// libfyaml (Debian's libfyaml-dev): the YAML 1.2 parser LosslessYAML reads events and marks from.
#include <libfyaml.h>
