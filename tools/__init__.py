"""Developer tools: the headless TTS emulator and benchmarks."""
