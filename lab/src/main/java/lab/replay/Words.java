package lab.replay;

import java.util.Locale;
import lab.protocol.Lang;
import lab.session.Action;
import lab.session.Command;
import lab.session.SetKnob;
import lab.session.SwitchMode;

/**
 * What a replay says on the screen, in the dashboard's language ({@code --lang}, the locale): its banner and its
 * one-line refusals. What it says on stderr after the screen is closed stays English, as the launcher's errors do.
 */
final class Words {
    private final Lang lang;

    Words(Lang lang) {
        this.lang = lang;
    }

    private String say(String en, String zh) {
        return lang.pick(en, zh);
    }

    /** The header's line: REPLAY, the speed, the state, the clock of the position and the tick of all ticks. */
    String banner(String rate, boolean playing, boolean atEnd, String clock, long tick, long ticks) {
        String state = playing ? say("playing", "播放中") : atEnd ? say("at the end", "已到末尾") : say("paused", "已暂停");
        return say("REPLAY ", "回放 ") + rate + " " + state + "  " + clock + "  "
                + say("tick " + tick + " of " + ticks, "第 " + tick + " / " + ticks + " 个 tick");
    }

    String refused(Command c) {
        return say(
                "a replay cannot " + what(c) + ": it plays a recording; nothing changed",
                "回放不能" + whatZh(c) + "：它只播放录制；什么都没改变");
    }

    String noneAfter(String tick) {
        return say(
                "no duplicate or missed tick after " + tick + " in this recording",
                "这份录制在 " + tick + " 之后没有重复或漏跑的 tick");
    }

    /** The header's store: a replay has none, only the rows the run's store kept. */
    String asRecorded() {
        return say("as recorded", "按录制");
    }

    String playedToEnd(String cutShort) {
        return say("played to its end; ", "已播放到末尾；") + cutShort;
    }

    private static String what(Command c) {
        if (c instanceof SwitchMode m) {
            return "switch to mode " + m.mode().cliName();
        }
        if (c instanceof SetKnob) {
            return "set a knob";
        }
        if (c == Action.SCENARIO_NEXT) {
            return "go to a scenario's next step (. steps one tick, g goes to the next duplicate)";
        }
        if (c instanceof Action a) {
            return switch (a) {
                case ADD_WORKER -> "add a worker";
                case REMOVE_WORKER, STOP -> "stop a worker";
                case KILL -> "kill a worker";
                case PAUSE_RESUME -> "pause or resume a worker";
                case RESTART -> "restart a worker";
                case SKEW_CLOCK -> "skew a worker's clock";
                case TOGGLE_REDIS, RESTART_REDIS -> "stop or start Redis";
                case TOGGLE_POSTGRES -> "stop or start PostgreSQL";
                case TOGGLE_PARTITION -> "cut a host off";
                case CYCLE_TASK_TIME -> "change the task time";
                case CLEAR_TABLE -> "clear the counter table";
                default -> a.toString().toLowerCase(Locale.ROOT).replace('_', ' ');
            };
        }
        return c.toString();
    }

    private static String whatZh(Command c) {
        if (c instanceof SwitchMode m) {
            return "切换到模式 " + m.mode().cliName();
        }
        if (c instanceof SetKnob) {
            return "设置参数";
        }
        if (c == Action.SCENARIO_NEXT) {
            return "进入场景的下一步（. 前进一个 tick，g 跳到下一个重复）";
        }
        if (c instanceof Action a) {
            return switch (a) {
                case ADD_WORKER -> "加一个 worker";
                case REMOVE_WORKER, STOP -> "停止 worker";
                case KILL -> "杀掉 worker";
                case PAUSE_RESUME -> "暂停或恢复 worker";
                case RESTART -> "重启 worker";
                case SKEW_CLOCK -> "拨动 worker 的时钟";
                case TOGGLE_REDIS, RESTART_REDIS -> "停止或启动 Redis";
                case TOGGLE_POSTGRES -> "停止或启动 PostgreSQL";
                case TOGGLE_PARTITION -> "把主机断开";
                case CYCLE_TASK_TIME -> "改变任务耗时";
                case CLEAR_TABLE -> "清空 counter 表";
                default -> a.toString().toLowerCase(Locale.ROOT).replace('_', ' ');
            };
        }
        return c.toString();
    }
}
