document.getElementById("root")!.textContent = "harness";
