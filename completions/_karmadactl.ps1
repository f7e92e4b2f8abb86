
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'karmadactl' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'karmadactl'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'karmadactl' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('taint', 'taint', [CompletionResultType]::ParameterValue, 'Add, change or remove taints on member clusters')
            [CompletionResult]::new('cordon', 'cordon', [CompletionResultType]::ParameterValue, 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)')
            [CompletionResult]::new('uncordon', 'uncordon', [CompletionResultType]::ParameterValue, 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;taint' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table (default), json, yaml or name')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table (default), json, yaml or name')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Act on every cluster')
            [CompletionResult]::new('--overwrite', '--overwrite', [CompletionResultType]::ParameterName, 'Replace the value of a taint whose key and effect already exist')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;cordon' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table (default), json, yaml or name')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table (default), json, yaml or name')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Act on every cluster')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;uncordon' {
            [CompletionResult]::new('-l', '-l', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--selector', '--selector', [CompletionResultType]::ParameterName, 'Act on clusters matching this label selector (e.g. `region=eu,tier!=edge`)')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Preview without writing: `client` (bare --dry-run) computes locally, `server` asks the API server to validate with dryRun=All')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Output format: table (default), json, yaml or name')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Output format: table (default), json, yaml or name')
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Act on every cluster')
            [CompletionResult]::new('-y', '-y', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('--yes', '--yes', [CompletionResultType]::ParameterName, 'Do not ask for confirmation (required for destructive changes without a terminal)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'karmadactl;completion' {
            [CompletionResult]::new('--kubeconfig', '--kubeconfig', [CompletionResultType]::ParameterName, 'Path to the kubeconfig file of the Karmada control plane (default: $KUBECONFIG, then ~/.kube/config)')
            [CompletionResult]::new('--karmada-context', '--karmada-context', [CompletionResultType]::ParameterName, 'Name of the kubeconfig context to use (default: the current context)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--v', '--v', [CompletionResultType]::ParameterName, 'Log verbosity: 0 errors and warnings, 1 info, 2 debug, 3+ trace')
            [CompletionResult]::new('--request-timeout', '--request-timeout', [CompletionResultType]::ParameterName, 'Timeout of a single API request, e.g. 30s, 1m; 0 means no timeout')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'karmadactl;help' {
            [CompletionResult]::new('taint', 'taint', [CompletionResultType]::ParameterValue, 'Add, change or remove taints on member clusters')
            [CompletionResult]::new('cordon', 'cordon', [CompletionResultType]::ParameterValue, 'Mark clusters unschedulable (adds cluster.karmada.io/unschedulable:NoSchedule)')
            [CompletionResult]::new('uncordon', 'uncordon', [CompletionResultType]::ParameterValue, 'Mark clusters schedulable again (removes cluster.karmada.io/unschedulable:NoSchedule)')
            [CompletionResult]::new('completion', 'completion', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'karmadactl;help;taint' {
            break
        }
        'karmadactl;help;cordon' {
            break
        }
        'karmadactl;help;uncordon' {
            break
        }
        'karmadactl;help;completion' {
            break
        }
        'karmadactl;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
