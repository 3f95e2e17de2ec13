# Puts Node 24 first on this shell's PATH, installing it into .tools/ when the machine's Node is older:
#   . tools/scripts/use-node24.sh
eval "$(node "$(dirname "${BASH_SOURCE[0]:-$0}")/node24.mjs" --print-env)"
