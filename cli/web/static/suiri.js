// suiri: the one script of the pages besides htmx.  A button .prefill[data-line] (a common
// event, a completion) puts its line into the entry line, ready to be finished.  Without
// JavaScript those buttons would do nothing: the style sheet shows them only under html.js.
document.documentElement.classList.add("js");
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("button.prefill");
  var line = document.getElementById("line");
  if (!button || !line) return;
  line.value = button.getAttribute("data-line");
  line.focus();
  line.setSelectionRange(line.value.length, line.value.length);
  line.dispatchEvent(new Event("input", { bubbles: true }));
});
