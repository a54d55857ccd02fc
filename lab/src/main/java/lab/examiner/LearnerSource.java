package lab.examiner;

import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import lab.guard.exam.ExamLock;
import lab.runs.ExitCode;

/**
 * The learner's file, compiled by the JDK's own compiler against the lab's jar into a folder of classes, and checked
 * there for the one class the exam loads: public, implementing {@link ExamLock}, with a public constructor without
 * arguments. The check reads the compiler's model of the file: the launcher never loads the learner's class (the
 * workers do, each from the folder).
 */
public final class LearnerSource {
    /**
     * The start of the line a Java runtime without a compiler gets; a constant, so that the exam can say it before
     * this class, which names the compiler's own classes, is loaded.
     */
    static final String NO_COMPILER =
            "error: this Java runtime has no compiler (javac): the exam compiles your file; run the lab with a JDK (";

    private LearnerSource() {}

    /** What was compiled: the folder and the class the workers load, by its binary name. */
    public record Compiled(Path folder, String className, Path file) {}

    /** Compiles {@code file} into {@code folder}; a refusal says, in the compiler's words, what is wrong and where. */
    public static Compiled compile(Path file, Path folder) throws Refusal {
        String shown = file.toString();
        if (!shown.endsWith(".java")) {
            throw new Refusal(ExitCode.BAD_INPUT, List.of("error: FILE: '" + shown + "' (expected a .java file)"));
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new Refusal(
                    ExitCode.BAD_INPUT, List.of("error: FILE: '" + shown + "' (expected a readable .java file)"));
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new Refusal(
                    ExitCode.START_FAILED,
                    List.of(NO_COMPILER + System.getProperty("java.home") + " is a runtime only)"));
        }
        DiagnosticCollector<JavaFileObject> said = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(said, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of(
                    "-d",
                    folder.toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    "-proc:none",
                    "-encoding",
                    "UTF-8",
                    "-Xlint:none");
            JavacTask task = (JavacTask)
                    javac.getTask(null, files, said, options, null, files.getJavaFileObjects(file.toFile()));
            Iterable<? extends Element> found = task.analyze();
            List<String> errors = errors(said, shown);
            if (!errors.isEmpty()) {
                throw new Refusal(ExitCode.BAD_INPUT, errors);
            }
            TypeElement lock = task.getElements().getTypeElement(ExamLock.class.getName());
            TypeElement chosen = chosen(found, lock.asType(), task, shown);
            // Asked before the classes are written: the task answers no question after that.
            String binaryName = task.getElements().getBinaryName(chosen).toString();
            task.generate();
            errors = errors(said, shown);
            if (!errors.isEmpty()) {
                throw new Refusal(ExitCode.BAD_INPUT, errors);
            }
            return new Compiled(folder, binaryName, file);
        } catch (IOException e) {
            throw new Refusal(
                    ExitCode.START_FAILED, List.of("error: the exam could not compile into " + folder + ": " + e));
        }
    }

    /** Each error as {@code FILE:line: message}, the first line of the compiler's message. */
    private static List<String> errors(DiagnosticCollector<JavaFileObject> said, String shown) {
        List<String> lines = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : said.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                String message = d.getMessage(Locale.ROOT).lines().findFirst().orElse("");
                lines.add(shown + ":" + d.getLineNumber() + ": " + message);
            }
        }
        return lines;
    }

    /**
     * The file's public top-level class, which must be an {@link ExamLock} the workers can make: not abstract, with a
     * public constructor without arguments. Refused with the class's own line otherwise.
     */
    private static TypeElement chosen(Iterable<? extends Element> found, TypeMirror lock, JavacTask task, String shown)
            throws Refusal {
        List<TypeElement> top = new ArrayList<>();
        for (Element e : found) {
            if (e instanceof TypeElement t
                    && t.getNestingKind().name().equals("TOP_LEVEL")
                    && t.getModifiers().contains(Modifier.PUBLIC)) {
                top.add(t);
            }
        }
        String wanted = "a public class that implements " + ExamLock.class.getName();
        if (top.isEmpty()) {
            throw new Refusal(
                    ExitCode.BAD_INPUT, List.of(shown + ":1: no public class in this file (expected " + wanted + ")"));
        }
        TypeElement t = top.get(0);
        String where = shown + ":" + line(task, t) + ": ";
        if (t.getKind() != ElementKind.CLASS) {
            throw new Refusal(
                    ExitCode.BAD_INPUT,
                    List.of(where + t.getSimpleName() + " is not a class (expected " + wanted + ")"));
        }
        if (!task.getTypes().isAssignable(task.getTypes().erasure(t.asType()), lock)) {
            throw new Refusal(
                    ExitCode.BAD_INPUT,
                    List.of(where + "class " + t.getSimpleName() + " does not implement " + ExamLock.class.getName()
                            + " (expected " + wanted + ")"));
        }
        if (t.getModifiers().contains(Modifier.ABSTRACT)) {
            throw new Refusal(
                    ExitCode.BAD_INPUT,
                    List.of(where + "class " + t.getSimpleName()
                            + " is abstract (expected a class the workers can make)"));
        }
        boolean made = ElementFilter.constructorsIn(t.getEnclosedElements()).stream()
                .anyMatch(c -> c.getModifiers().contains(Modifier.PUBLIC) && noArguments(c));
        if (!made) {
            throw new Refusal(
                    ExitCode.BAD_INPUT,
                    List.of(
                            where + "class " + t.getSimpleName()
                                    + " has no public constructor without arguments (expected one: each worker makes its own)"));
        }
        return t;
    }

    private static boolean noArguments(ExecutableElement c) {
        return c.getParameters().isEmpty();
    }

    /** The line the class is declared on, as the compiler read it. */
    private static long line(JavacTask task, TypeElement t) {
        Trees trees = Trees.instance(task);
        TreePath path = trees.getPath(t);
        if (path == null) {
            return 1;
        }
        long at = trees.getSourcePositions().getStartPosition(path.getCompilationUnit(), path.getLeaf());
        return path.getCompilationUnit().getLineMap().getLineNumber(at);
    }
}
