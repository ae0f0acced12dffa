from tapete.server.main import main

main()
