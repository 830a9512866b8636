// epubcheck's own command line, run once per request in one long-lived JVM (engine/node/epubcheck-server.ts
// starts it from this class compiled once into the user's cache, engine/node/epubcheck-server-class.ts, else with
// `java -cp epubcheck.jar EpubcheckServer.java`, Java's single-file source mode): a check then costs a tenth of a
// second of CPU instead of a JVM's start of four seconds.
//
// Request: one line, the EPUB's path as Base64 of its UTF-8 bytes, so a path holding a newline or any other
// character arrives whole. Answer: a header line "<exit code> <stdout bytes> <stderr bytes>", then exactly
// that many bytes of what the check wrote to each stream. The reader counts bytes and never looks for an end
// marker, so nothing a report quotes (an EPUB's own text appears in its messages) can end or forge an answer.
// The end of the input (the caller went away or is done) ends the program.
import com.adobe.epubcheck.tool.EpubChecker;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

public class EpubcheckServer {
  public static void main(String[] args) throws IOException {
    OutputStream answers = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out));
    // Between checks System.out is stderr: a library's late note never lands in the answers.
    PrintStream aside = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    System.setOut(aside);
    BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    for (String line = requests.readLine(); line != null; line = requests.readLine()) {
      String file = new String(Base64.getDecoder().decode(line.trim()), StandardCharsets.UTF_8);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int code;
      try {
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        code = new EpubChecker().run(new String[] { file });
      } catch (Throwable failure) {
        // A check that breaks (out of memory, a bug) may leave the JVM unfit for the next: no answer, and the
        // caller, seeing the program end, checks that file the one-shot way.
        System.setErr(aside);
        failure.printStackTrace();
        System.exit(70);
        return;
      } finally {
        System.out.flush();
        System.err.flush();
        System.setOut(aside);
        System.setErr(aside);
      }
      byte[] said = out.toByteArray();
      byte[] warned = err.toByteArray();
      answers.write((code + " " + said.length + " " + warned.length + "\n").getBytes(StandardCharsets.US_ASCII));
      answers.write(said);
      answers.write(warned);
      answers.flush();
    }
  }
}
