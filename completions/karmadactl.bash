_karmadactl() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="karmadactl"
                ;;
            karmadactl,completion)
                cmd="karmadactl__subcmd__completion"
                ;;
            karmadactl,cordon)
                cmd="karmadactl__subcmd__cordon"
                ;;
            karmadactl,drain)
                cmd="karmadactl__subcmd__drain"
                ;;
            karmadactl,dry-run)
                cmd="karmadactl__subcmd__dry__subcmd__run"
                ;;
            karmadactl,evictions)
                cmd="karmadactl__subcmd__evictions"
                ;;
            karmadactl,failback)
                cmd="karmadactl__subcmd__failback"
                ;;
            karmadactl,failover)
                cmd="karmadactl__subcmd__failover"
                ;;
            karmadactl,help)
                cmd="karmadactl__subcmd__help"
                ;;
            karmadactl,history)
                cmd="karmadactl__subcmd__history"
                ;;
            karmadactl,maintenance)
                cmd="karmadactl__subcmd__maintenance"
                ;;
            karmadactl,policy)
                cmd="karmadactl__subcmd__policy"
                ;;
            karmadactl,snapshot)
                cmd="karmadactl__subcmd__snapshot"
                ;;
            karmadactl,taint)
                cmd="karmadactl__subcmd__taint"
                ;;
            karmadactl,uncordon)
                cmd="karmadactl__subcmd__uncordon"
                ;;
            karmadactl__subcmd__evictions,abort)
                cmd="karmadactl__subcmd__evictions__subcmd__abort"
                ;;
            karmadactl__subcmd__evictions,confirm)
                cmd="karmadactl__subcmd__evictions__subcmd__confirm"
                ;;
            karmadactl__subcmd__evictions,extend)
                cmd="karmadactl__subcmd__evictions__subcmd__extend"
                ;;
            karmadactl__subcmd__evictions,help)
                cmd="karmadactl__subcmd__evictions__subcmd__help"
                ;;
            karmadactl__subcmd__evictions,list)
                cmd="karmadactl__subcmd__evictions__subcmd__list"
                ;;
            karmadactl__subcmd__evictions,prune)
                cmd="karmadactl__subcmd__evictions__subcmd__prune"
                ;;
            karmadactl__subcmd__evictions__subcmd__help,abort)
                cmd="karmadactl__subcmd__evictions__subcmd__help__subcmd__abort"
                ;;
            karmadactl__subcmd__evictions__subcmd__help,confirm)
                cmd="karmadactl__subcmd__evictions__subcmd__help__subcmd__confirm"
                ;;
            karmadactl__subcmd__evictions__subcmd__help,extend)
                cmd="karmadactl__subcmd__evictions__subcmd__help__subcmd__extend"
                ;;
            karmadactl__subcmd__evictions__subcmd__help,help)
                cmd="karmadactl__subcmd__evictions__subcmd__help__subcmd__help"
                ;;
            karmadactl__subcmd__evictions__subcmd__help,list)
                cmd="karmadactl__subcmd__evictions__subcmd__help__subcmd__list"
                ;;
            karmadactl__subcmd__evictions__subcmd__help,prune)
                cmd="karmadactl__subcmd__evictions__subcmd__help__subcmd__prune"
                ;;
            karmadactl__subcmd__failover,capacity)
                cmd="karmadactl__subcmd__failover__subcmd__capacity"
                ;;
            karmadactl__subcmd__failover,doctor)
                cmd="karmadactl__subcmd__failover__subcmd__doctor"
                ;;
            karmadactl__subcmd__failover,help)
                cmd="karmadactl__subcmd__failover__subcmd__help"
                ;;
            karmadactl__subcmd__failover,report)
                cmd="karmadactl__subcmd__failover__subcmd__report"
                ;;
            karmadactl__subcmd__failover,settings)
                cmd="karmadactl__subcmd__failover__subcmd__settings"
                ;;
            karmadactl__subcmd__failover,watch)
                cmd="karmadactl__subcmd__failover__subcmd__watch"
                ;;
            karmadactl__subcmd__failover__subcmd__help,capacity)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__capacity"
                ;;
            karmadactl__subcmd__failover__subcmd__help,doctor)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__doctor"
                ;;
            karmadactl__subcmd__failover__subcmd__help,help)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__help"
                ;;
            karmadactl__subcmd__failover__subcmd__help,report)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__report"
                ;;
            karmadactl__subcmd__failover__subcmd__help,settings)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__settings"
                ;;
            karmadactl__subcmd__failover__subcmd__help,watch)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__watch"
                ;;
            karmadactl__subcmd__failover__subcmd__help__subcmd__settings,refresh)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__settings__subcmd__refresh"
                ;;
            karmadactl__subcmd__failover__subcmd__help__subcmd__settings,set)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__settings__subcmd__set"
                ;;
            karmadactl__subcmd__failover__subcmd__help__subcmd__settings,unset)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__settings__subcmd__unset"
                ;;
            karmadactl__subcmd__failover__subcmd__help__subcmd__settings,view)
                cmd="karmadactl__subcmd__failover__subcmd__help__subcmd__settings__subcmd__view"
                ;;
            karmadactl__subcmd__failover__subcmd__settings,help)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__help"
                ;;
            karmadactl__subcmd__failover__subcmd__settings,refresh)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__refresh"
                ;;
            karmadactl__subcmd__failover__subcmd__settings,set)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__set"
                ;;
            karmadactl__subcmd__failover__subcmd__settings,unset)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__unset"
                ;;
            karmadactl__subcmd__failover__subcmd__settings,view)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__view"
                ;;
            karmadactl__subcmd__failover__subcmd__settings__subcmd__help,help)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__help"
                ;;
            karmadactl__subcmd__failover__subcmd__settings__subcmd__help,refresh)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__refresh"
                ;;
            karmadactl__subcmd__failover__subcmd__settings__subcmd__help,set)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__set"
                ;;
            karmadactl__subcmd__failover__subcmd__settings__subcmd__help,unset)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__unset"
                ;;
            karmadactl__subcmd__failover__subcmd__settings__subcmd__help,view)
                cmd="karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__view"
                ;;
            karmadactl__subcmd__help,completion)
                cmd="karmadactl__subcmd__help__subcmd__completion"
                ;;
            karmadactl__subcmd__help,cordon)
                cmd="karmadactl__subcmd__help__subcmd__cordon"
                ;;
            karmadactl__subcmd__help,drain)
                cmd="karmadactl__subcmd__help__subcmd__drain"
                ;;
            karmadactl__subcmd__help,dry-run)
                cmd="karmadactl__subcmd__help__subcmd__dry__subcmd__run"
                ;;
            karmadactl__subcmd__help,evictions)
                cmd="karmadactl__subcmd__help__subcmd__evictions"
                ;;
            karmadactl__subcmd__help,failback)
                cmd="karmadactl__subcmd__help__subcmd__failback"
                ;;
            karmadactl__subcmd__help,failover)
                cmd="karmadactl__subcmd__help__subcmd__failover"
                ;;
            karmadactl__subcmd__help,help)
                cmd="karmadactl__subcmd__help__subcmd__help"
                ;;
            karmadactl__subcmd__help,history)
                cmd="karmadactl__subcmd__help__subcmd__history"
                ;;
            karmadactl__subcmd__help,maintenance)
                cmd="karmadactl__subcmd__help__subcmd__maintenance"
                ;;
            karmadactl__subcmd__help,policy)
                cmd="karmadactl__subcmd__help__subcmd__policy"
                ;;
            karmadactl__subcmd__help,snapshot)
                cmd="karmadactl__subcmd__help__subcmd__snapshot"
                ;;
            karmadactl__subcmd__help,taint)
                cmd="karmadactl__subcmd__help__subcmd__taint"
                ;;
            karmadactl__subcmd__help,uncordon)
                cmd="karmadactl__subcmd__help__subcmd__uncordon"
                ;;
            karmadactl__subcmd__help__subcmd__evictions,abort)
                cmd="karmadactl__subcmd__help__subcmd__evictions__subcmd__abort"
                ;;
            karmadactl__subcmd__help__subcmd__evictions,confirm)
                cmd="karmadactl__subcmd__help__subcmd__evictions__subcmd__confirm"
                ;;
            karmadactl__subcmd__help__subcmd__evictions,extend)
                cmd="karmadactl__subcmd__help__subcmd__evictions__subcmd__extend"
                ;;
            karmadactl__subcmd__help__subcmd__evictions,list)
                cmd="karmadactl__subcmd__help__subcmd__evictions__subcmd__list"
                ;;
            karmadactl__subcmd__help__subcmd__evictions,prune)
                cmd="karmadactl__subcmd__help__subcmd__evictions__subcmd__prune"
                ;;
            karmadactl__subcmd__help__subcmd__failover,capacity)
                cmd="karmadactl__subcmd__help__subcmd__failover__subcmd__capacity"
                ;;
            karmadactl__subcmd__help__subcmd__failover,doctor)
                cmd="karmadactl__subcmd__help__subcmd__failover__subcmd__doctor"
                ;;
            karmadactl__subcmd__help__subcmd__failover,report)
                cmd="karmadactl__subcmd__help__subcmd__failover__subcmd__report"
                ;;
            karmadactl__subcmd__help__subcmd__failover,settings)
                cmd="karmadactl__subcmd__help__subcmd__failover__subcmd__settings"
                ;;
            karmadactl__subcmd__help__subcmd__failover,watch)
                cmd="karmadactl__subcmd__help__subcmd__failover__subcmd__watch"
                ;;
            karmadactl__subcmd__help__subcmd__failover__subcmd__settings,refresh)
                cmd="karmadactl__subcmd__help__subcmd__failover__subcmd__settings__subcmd__refresh"
                ;;
            karmadactl__subcmd__help__subcmd__failover__subcmd__settings,set)
                cmd="karmadactl__subcmd__help__subcmd__failover__subcmd__settings__subcmd__set"
                ;;
            karmadactl__subcmd__help__subcmd__failover__subcmd__settings,unset)
                cmd="karmadactl__subcmd__help__subcmd__failover__subcmd__settings__subcmd__unset"
                ;;
            karmadactl__subcmd__help__subcmd__failover__subcmd__settings,view)
                cmd="karmadactl__subcmd__help__subcmd__failover__subcmd__settings__subcmd__view"
                ;;
            karmadactl__subcmd__help__subcmd__maintenance,abort)
                cmd="karmadactl__subcmd__help__subcmd__maintenance__subcmd__abort"
                ;;
            karmadactl__subcmd__help__subcmd__maintenance,approve)
                cmd="karmadactl__subcmd__help__subcmd__maintenance__subcmd__approve"
                ;;
            karmadactl__subcmd__help__subcmd__maintenance,plan)
                cmd="karmadactl__subcmd__help__subcmd__maintenance__subcmd__plan"
                ;;
            karmadactl__subcmd__help__subcmd__maintenance,resume)
                cmd="karmadactl__subcmd__help__subcmd__maintenance__subcmd__resume"
                ;;
            karmadactl__subcmd__help__subcmd__maintenance,run)
                cmd="karmadactl__subcmd__help__subcmd__maintenance__subcmd__run"
                ;;
            karmadactl__subcmd__help__subcmd__maintenance,status)
                cmd="karmadactl__subcmd__help__subcmd__maintenance__subcmd__status"
                ;;
            karmadactl__subcmd__help__subcmd__policy,apply)
                cmd="karmadactl__subcmd__help__subcmd__policy__subcmd__apply"
                ;;
            karmadactl__subcmd__help__subcmd__policy,evaluate-taints)
                cmd="karmadactl__subcmd__help__subcmd__policy__subcmd__evaluate__subcmd__taints"
                ;;
            karmadactl__subcmd__help__subcmd__policy,explain)
                cmd="karmadactl__subcmd__help__subcmd__policy__subcmd__explain"
                ;;
            karmadactl__subcmd__maintenance,abort)
                cmd="karmadactl__subcmd__maintenance__subcmd__abort"
                ;;
            karmadactl__subcmd__maintenance,approve)
                cmd="karmadactl__subcmd__maintenance__subcmd__approve"
                ;;
            karmadactl__subcmd__maintenance,help)
                cmd="karmadactl__subcmd__maintenance__subcmd__help"
                ;;
            karmadactl__subcmd__maintenance,plan)
                cmd="karmadactl__subcmd__maintenance__subcmd__plan"
                ;;
            karmadactl__subcmd__maintenance,resume)
                cmd="karmadactl__subcmd__maintenance__subcmd__resume"
                ;;
            karmadactl__subcmd__maintenance,run)
                cmd="karmadactl__subcmd__maintenance__subcmd__run"
                ;;
            karmadactl__subcmd__maintenance,status)
                cmd="karmadactl__subcmd__maintenance__subcmd__status"
                ;;
            karmadactl__subcmd__maintenance__subcmd__help,abort)
                cmd="karmadactl__subcmd__maintenance__subcmd__help__subcmd__abort"
                ;;
            karmadactl__subcmd__maintenance__subcmd__help,approve)
                cmd="karmadactl__subcmd__maintenance__subcmd__help__subcmd__approve"
                ;;
            karmadactl__subcmd__maintenance__subcmd__help,help)
                cmd="karmadactl__subcmd__maintenance__subcmd__help__subcmd__help"
                ;;
            karmadactl__subcmd__maintenance__subcmd__help,plan)
                cmd="karmadactl__subcmd__maintenance__subcmd__help__subcmd__plan"
                ;;
            karmadactl__subcmd__maintenance__subcmd__help,resume)
                cmd="karmadactl__subcmd__maintenance__subcmd__help__subcmd__resume"
                ;;
            karmadactl__subcmd__maintenance__subcmd__help,run)
                cmd="karmadactl__subcmd__maintenance__subcmd__help__subcmd__run"
                ;;
            karmadactl__subcmd__maintenance__subcmd__help,status)
                cmd="karmadactl__subcmd__maintenance__subcmd__help__subcmd__status"
                ;;
            karmadactl__subcmd__policy,apply)
                cmd="karmadactl__subcmd__policy__subcmd__apply"
                ;;
            karmadactl__subcmd__policy,evaluate-taints)
                cmd="karmadactl__subcmd__policy__subcmd__evaluate__subcmd__taints"
                ;;
            karmadactl__subcmd__policy,explain)
                cmd="karmadactl__subcmd__policy__subcmd__explain"
                ;;
            karmadactl__subcmd__policy,help)
                cmd="karmadactl__subcmd__policy__subcmd__help"
                ;;
            karmadactl__subcmd__policy__subcmd__help,apply)
                cmd="karmadactl__subcmd__policy__subcmd__help__subcmd__apply"
                ;;
            karmadactl__subcmd__policy__subcmd__help,evaluate-taints)
                cmd="karmadactl__subcmd__policy__subcmd__help__subcmd__evaluate__subcmd__taints"
                ;;
            karmadactl__subcmd__policy__subcmd__help,explain)
                cmd="karmadactl__subcmd__policy__subcmd__help__subcmd__explain"
                ;;
            karmadactl__subcmd__policy__subcmd__help,help)
                cmd="karmadactl__subcmd__policy__subcmd__help__subcmd__help"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        karmadactl)
            opts="-v -h -V --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help --version taint cordon uncordon dry-run policy drain evictions failback failover maintenance history snapshot completion help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__completion)
            opts="-v -h --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__cordon)
            opts="-l -y -o -v -h --all --selector --dry-run --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__drain)
            opts="-l -n -A -y -o -v -h --selector --namespace --all-namespaces --binding-selector --kind --no-cordon --purge-mode --grace-period --min-available-clusters --force --allow-pending --unhealthy-cluster-threshold --max-in-flight --eviction-rate --wait --timeout --feature-gates --scheduler-feature-gates --karmada-version --dry-run --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --binding-selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly Never" -- "${cur}"))
                    return 0
                    ;;
                --grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-available-clusters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-in-flight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__dry__subcmd__run)
            opts="-l -o -v -h --cluster --selector --taint --at --recover-after --outage --outage-mode --outage-at --compare-version --app-unhealthy --unhealthy-since --health-interpreted --snapshot --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --output --plot --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cluster)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --taint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --recover-after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --outage)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --outage-mode)
                    COMPREPLY=($(compgen -W "refused frozen agent-down" -- "${cur}"))
                    return 0
                    ;;
                --outage-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --compare-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --app-unhealthy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                --plot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions)
            opts="-v -h --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help list abort confirm extend prune help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__abort)
            opts="-n -A -y -o -v -h --cluster --all --namespace --all-namespaces --binding-selector --kind --force --max-in-flight --dry-run --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cluster)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --binding-selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-in-flight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__confirm)
            opts="-n -A -y -o -v -h --cluster --all --namespace --all-namespaces --binding-selector --kind --graceful-eviction-timeout --max-in-flight --dry-run --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cluster)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --binding-selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-in-flight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__extend)
            opts="-n -A -y -o -v -h --grace-period --cluster --all --namespace --all-namespaces --binding-selector --kind --graceful-eviction-timeout --max-in-flight --dry-run --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --binding-selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-in-flight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__help)
            opts="list abort confirm extend prune help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__help__subcmd__abort)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__help__subcmd__confirm)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__help__subcmd__extend)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__help__subcmd__prune)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__list)
            opts="-n -A -o -v -h --namespace --all-namespaces --binding-selector --kind --cluster --producer --watch --snapshot --graceful-eviction-timeout --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --binding-selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --producer)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__evictions__subcmd__prune)
            opts="-n -A -y -o -v -h --recovered --cluster --all --namespace --all-namespaces --binding-selector --kind --graceful-eviction-timeout --max-in-flight --dry-run --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cluster)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --binding-selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-in-flight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failback)
            opts="-n -A -y -o -v -h --namespace --all-namespaces --binding-selector --kind --all --mode --stable-for --grace-period --max-concurrent --min-success-time --progress-deadline --max-failures --karmada-version --dry-run --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --binding-selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -W "restore reschedule" -- "${cur}"))
                    return 0
                    ;;
                --stable-for)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-concurrent)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-success-time)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --progress-deadline)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-failures)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover)
            opts="-v -h --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help doctor capacity settings watch report help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__capacity)
            opts="-o -v -h --lose --lose-selector --snapshot --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --output --plot --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --lose)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lose-selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                --plot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__doctor)
            opts="-o -v -h --host-kubeconfig --host-context --karmada-namespace --controller-manager --webhook --scheduler --descheduler-deployment --upgrade-to --allow-no-execute-taint-policy --snapshot --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --host-kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --host-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controller-manager)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --webhook)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler-deployment)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --upgrade-to)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --allow-no-execute-taint-policy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help)
            opts="doctor capacity settings watch report help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__capacity)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__doctor)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__report)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__settings)
            opts="view set unset refresh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__settings__subcmd__refresh)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__settings__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__settings__subcmd__unset)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__settings__subcmd__view)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__help__subcmd__watch)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__report)
            opts="-o -v -h --cluster --since --until --snapshot --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --output --plot --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cluster)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml openmetrics" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml openmetrics" -- "${cur}"))
                    return 0
                    ;;
                --plot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings)
            opts="-v -h --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help view set unset refresh help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__help)
            opts="view set unset refresh help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__refresh)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__unset)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__help__subcmd__view)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__refresh)
            opts="-o -v -h --host-kubeconfig --host-context --karmada-namespace --controller-manager --webhook --scheduler --descheduler-deployment --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --host-kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --host-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controller-manager)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --webhook)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler-deployment)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__set)
            opts="-v -h --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__unset)
            opts="-v -h --all --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__settings__subcmd__view)
            opts="-o -v -h --all-contexts --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__failover__subcmd__watch)
            opts="-o -v -h --timeout --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help)
            opts="taint cordon uncordon dry-run policy drain evictions failback failover maintenance history snapshot completion help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__completion)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__cordon)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__drain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__dry__subcmd__run)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__evictions)
            opts="list abort confirm extend prune"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__evictions__subcmd__abort)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__evictions__subcmd__confirm)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__evictions__subcmd__extend)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__evictions__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__evictions__subcmd__prune)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failback)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover)
            opts="doctor capacity settings watch report"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover__subcmd__capacity)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover__subcmd__doctor)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover__subcmd__report)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover__subcmd__settings)
            opts="view set unset refresh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover__subcmd__settings__subcmd__refresh)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover__subcmd__settings__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover__subcmd__settings__subcmd__unset)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover__subcmd__settings__subcmd__view)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__failover__subcmd__watch)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__history)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__maintenance)
            opts="plan run resume status approve abort"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__maintenance__subcmd__abort)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__maintenance__subcmd__approve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__maintenance__subcmd__plan)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__maintenance__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__maintenance__subcmd__run)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__maintenance__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__policy)
            opts="explain apply evaluate-taints"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__policy__subcmd__apply)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__policy__subcmd__evaluate__subcmd__taints)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__policy__subcmd__explain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__snapshot)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__taint)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__help__subcmd__uncordon)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__history)
            opts="-n -A -o -v -h --cluster --namespace --all-namespaces --binding-selector --kind --all-events --snapshot --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --cluster)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --binding-selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance)
            opts="-v -h --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help plan run resume status approve abort help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__abort)
            opts="-o -v -h --no-wait --timeout --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__approve)
            opts="-v -h --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__help)
            opts="plan run resume status approve abort help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__help__subcmd__abort)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__help__subcmd__approve)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__help__subcmd__plan)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__help__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__help__subcmd__run)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__help__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__plan)
            opts="-l -o -v -h --selector --all --max-unavailable --order --purge-mode --min-available-clusters --snapshot --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --output --plot --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-unavailable)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly Never" -- "${cur}"))
                    return 0
                    ;;
                --min-available-clusters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                --plot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__resume)
            opts="-y -o -v -h --karmada-version --max-failures --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-failures)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__run)
            opts="-l -y -o -v -h --selector --all --max-unavailable --order --purge-mode --min-available-clusters --karmada-version --hook --cluster-context --hook-timeout --timeout --stable-for --gate-timeout --soak --max-failures --max-in-flight --eviction-rate --unhealthy-cluster-threshold --max-concurrent --min-success-time --progress-deadline --dry-run --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-unavailable)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly Never" -- "${cur}"))
                    return 0
                    ;;
                --min-available-clusters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hook)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --hook-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stable-for)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --gate-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --soak)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-failures)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-in-flight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-concurrent)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-success-time)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --progress-deadline)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__maintenance__subcmd__status)
            opts="-o -v -h --output --plot --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --plot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__policy)
            opts="-v -h --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help explain apply evaluate-taints help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__policy__subcmd__apply)
            opts="-f -R -n -y -o -v -h --filename --recursive --namespace --strict --force-conflicts --diff --dry-run --yes --snapshot --output --allow-no-execute-taint-policy --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                --allow-no-execute-taint-policy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__policy__subcmd__evaluate__subcmd__taints)
            opts="-y -o -v -h --force --dry-run --yes --snapshot --output --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table json yaml" -- "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__policy__subcmd__explain)
            opts="-n -o -v -h --namespace --cluster --outage --outage-mode --outage-at --recover-after --snapshot --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --namespace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --outage)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --outage-mode)
                    COMPREPLY=($(compgen -W "refused frozen agent-down" -- "${cur}"))
                    return 0
                    ;;
                --outage-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --recover-after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --snapshot)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__policy__subcmd__help)
            opts="explain apply evaluate-taints help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__policy__subcmd__help__subcmd__apply)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__policy__subcmd__help__subcmd__evaluate__subcmd__taints)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__policy__subcmd__help__subcmd__explain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__policy__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__snapshot)
            opts="-o -v -h --output --controller-setting --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controller-setting)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__taint)
            opts="-l -y -o -v -h --all --selector --overwrite --allow-pending --dry-run --yes --output --karmada-version --feature-gates --controllers --scheduler-feature-gates --enable-scheduler-estimator --disable-scheduler-estimator-in-pull-mode --descheduler --unschedulable-threshold --descheduling-interval --enable-no-execute-taint-eviction --no-execute-taint-eviction-purge-mode --graceful-eviction-timeout --resource-eviction-rate --secondary-resource-eviction-rate --unhealthy-cluster-threshold --large-cluster-num-threshold --rate-limiter-base-delay --rate-limiter-max-delay --rate-limiter-qps --rate-limiter-bucket-size --cluster-status-update-frequency --cluster-failure-threshold --cluster-success-threshold --cluster-monitor-period --cluster-monitor-grace-period --cluster-lease-duration --cluster-lease-renew-interval-fraction --queue-model --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                --karmada-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --controllers)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --scheduler-feature-gates)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-scheduler-estimator)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --disable-scheduler-estimator-in-pull-mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unschedulable-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --descheduling-interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enable-no-execute-taint-eviction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --no-execute-taint-eviction-purge-mode)
                    COMPREPLY=($(compgen -W "Gracefully Directly" -- "${cur}"))
                    return 0
                    ;;
                --graceful-eviction-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --secondary-resource-eviction-rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unhealthy-cluster-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --large-cluster-num-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-base-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-max-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate-limiter-bucket-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-status-update-frequency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-failure-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-success-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-monitor-grace-period)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cluster-lease-renew-interval-fraction)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue-model)
                    COMPREPLY=($(compgen -W "upstream proposal" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        karmadactl__subcmd__uncordon)
            opts="-l -y -o -v -h --all --selector --dry-run --yes --output --kubeconfig --karmada-context --v --chunk-size --request-timeout --kube-api-qps --kube-api-burst --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --selector)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -l)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --dry-run)
                    COMPREPLY=($(compgen -W "none client server" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -W "table wide json yaml name" -- "${cur}"))
                    return 0
                    ;;
                --kubeconfig)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --karmada-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -v)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chunk-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --request-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-qps)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-api-burst)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _karmadactl -o nosort -o bashdefault -o default karmadactl
else
    complete -F _karmadactl -o bashdefault -o default karmadactl
fi
