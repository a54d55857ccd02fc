package lab.tui;

import lab.check.Cause;

/**
 * What each cause means, in one short phrase, for a screen in Chinese, beside its wire name ("lease-expired" is also
 * what a scenario file writes). The cause's evidence (who, what, when) follows it in the checker's Chinese sentence,
 * the twin of the English one the log, the summary and a failing test keep.
 */
final class CauseWords {
    private CauseWords() {}

    static String zh(Cause cause) {
        return switch (cause) {
            case PAUSED_HOLDER -> "持锁的 worker 被暂停，租约过期后别人拿到锁，它醒来后照样写";
            case LOST_IN_RESTART -> "Redis 重启时没有持久化，忘了还有人持有的锁，另一个 worker 又拿到了它";
            case RECOVERED_BY_CLUSTER -> "集群判定一个节点已死（签到超过间隔加 7.5 秒），另一个节点把它正在跑的任务又跑了一遍；那个节点其实还活着，也写了";
            case CLOCK_SKEW -> "worker 的时钟被调快或调慢：它按自己的时钟提前触发并早早释放了锁，或把别人的租约提前当成已过期";
            case DELETED_BY_OTHER -> "锁被别人删了：释放时直接 DEL，没有先比对持有者";
            case LEASE_EXPIRED -> "租约（TTL）比任务短：任务还没跑完锁就过期了";
            case GRANTED_WHILE_HELD -> "锁在前一个持有者还拿着时又给了第二个 worker：这把锁谁也没挡住（考试里学员自己写的锁）";
            case UNCLUSTERED_STORE -> "JDBC 任务存储没开集群（clustered off）：节点启动时的恢复把别的节点已取走的 trigger 重置，两个节点都触发了同一次";
            case LOCAL_FALLBACK -> "连不上锁服务器，退回了进程内锁（on-lock-error local），别的进程看不见它";
            case SPLIT_SERVERS -> "两台锁服务器：同一个锁名，其实是互不相见的两把锁";
            case TWO_LOCKS -> "切换模式的那个 tick 里，两个 worker 各拿了一把不同的锁，谁也挡不住谁（就像换锁实现时的滚动发布）";
            case OWN_PHASE -> "各 worker 的触发时刻各不相同（interval 触发器）：前一个释放后，后一个又拿到了锁";
            case QUEUED -> "等待锁：排队的 worker 拿到锁后没有复查，又跑了一遍";
            case RELEASED_EARLY -> "锁在任务一结束就释放了，触发晚一点的 worker 随后又拿到了同一个 tick 的锁";
            case SELF_OVERLAP -> "同一进程里上一次还没跑完，下一次又开始了";
            case NO_LOCK -> "没有跨进程共享的锁：每个 worker 各跑各的";
            case REFUSED -> "这个 tick 的写入被存储拒绝了（旧 token）";
            case STORE_DOWN -> "锁服务器连不上，worker fail-closed（宁可不跑）";
            case DEAD_HOLDER -> "持锁的 worker 已被杀掉或暂停，锁还没释放，别人拿不到";
            case HELD_PAST_WINDOW -> "锁一直被占到这个 tick 结束之后，其他 worker 只能跳过";
            case LATE_FIRE -> "触发来得太晚（超过半个触发间隔）：进程被暂停，或者机器太忙抢不到 CPU，这个 tick 被放弃了";
            case NO_WORKER -> "没有 worker 触发（全部停掉或暂停了）";
            case UNEXPLAINED -> "记录里找不到足够的事实来解释，不做猜测";
        };
    }
}
