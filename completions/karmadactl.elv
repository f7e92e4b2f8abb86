
use builtin;
use str;

set edit:completion:arg-completer[karmadactl] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'karmadactl'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'karmadactl'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand taint 'Add, change or remove taints on member clusters'
            cand cordon 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)'
            cand uncordon 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)'
            cand completion 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;taint'= {
            cand -l 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --selector 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format: table (default), json, yaml or name'
            cand --output 'Output format: table (default), json, yaml or name'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Act on every cluster'
            cand --overwrite 'Replace the value of a taint whose key and effect already exist'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;cordon'= {
            cand -l 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --selector 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format: table (default), json, yaml or name'
            cand --output 'Output format: table (default), json, yaml or name'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Act on every cluster'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;uncordon'= {
            cand -l 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --selector 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)'
            cand --dry-run 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All'
            cand -o 'Output format: table (default), json, yaml or name'
            cand --output 'Output format: table (default), json, yaml or name'
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand --all 'Act on every cluster'
            cand -y 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand --yes 'Do not ask for confirmation (required for destructive changes without a terminal)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'karmadactl;completion'= {
            cand --kubeconfig 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)'
            cand --karmada-context 'Name of the kubeconfig context to use (default: the current context)'
            cand -v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --v 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace'
            cand --request-timeout 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'karmadactl;help'= {
            cand taint 'Add, change or remove taints on member clusters'
            cand cordon 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)'
            cand uncordon 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)'
            cand completion 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'karmadactl;help;taint'= {
        }
        &'karmadactl;help;cordon'= {
        }
        &'karmadactl;help;uncordon'= {
        }
        &'karmadactl;help;completion'= {
        }
        &'karmadactl;help;help'= {
        }
    ]
    $completions[$command]
}
